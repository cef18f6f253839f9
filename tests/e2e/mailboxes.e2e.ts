import { afterAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../fakes/smartlead';
import { checkA11y, screenshot } from './axe';
import {
  apiPost,
  chromiumAvailable,
  completeOnboardingViaApi,
  freePort,
  signUpViaUi,
  useE2E,
} from './harness';

// Sending mailboxes (decision 0202): connect one with its SMTP and IMAP details, see its connection, turn
// its warm-up on and see the last seven days as a chart; refused logins are said in words; all at 390 px.
const PROFILE = {
  businessType: 'agency',
  targetAudience: 'B2B Decision Makers',
  primaryGoal: 'outreach',
  experienceLevel: 'beginner',
};

describe.skipIf(!chromiumAvailable())('email accounts', () => {
  let fake: FakeSmartlead;
  const apiKey = `sl_e2e_${Math.random().toString(36).slice(2)}_${Date.now()}`;
  const e2e = useE2E(async () => {
    fake = await startFakeSmartlead({ apiKeys: [apiKey] });
    return { port: await freePort(), env: { SMARTLEAD_API_URL: fake.url } };
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('connects a mailbox, turns its warm-up on and shows the last seven days, at 390 px too', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await signUpViaUi(page, 'mailbox');
    await completeOnboardingViaApi(page, PROFILE);
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey })).status()).toBe(200);
    await page.goto('/smartlead/email-accounts');
    await page.getByText('No email accounts in Smartlead yet').waitFor();
    await page.getByRole('button', { name: 'Connect a mailbox' }).first().click();
    const dialog = page.getByRole('dialog');
    // A provider fills in its usual servers.
    await dialog.getByLabel('Provider').selectOption('OUTLOOK');
    expect(await dialog.getByLabel('SMTP server').inputValue()).toBe('smtp.office365.com');
    expect(await dialog.getByLabel('IMAP server').inputValue()).toBe('outlook.office365.com');
    await dialog.getByLabel('Provider').selectOption('SMTP');
    await dialog.getByLabel('Sender name').fill('Sarah Johnson');
    await dialog.getByLabel('Mailbox address').fill('sarah@outreach.example');
    await dialog.getByLabel('Login name').fill('sarah@outreach.example');
    await dialog.getByLabel('Password').fill('wrong');
    await dialog.getByLabel('SMTP server').fill('smtp.outreach.example');
    await dialog.getByLabel('IMAP server').fill('imap.outreach.example');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    // Smartlead refused the login: said in words, the form kept.
    await dialog.getByText(/SMTP connection failed/).waitFor();
    await checkA11y(page, 'connect a mailbox, refused');
    await dialog.getByLabel('Password').fill('app-password-1234');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Mailbox connected').first().waitFor();
    const row = page.getByTestId('email-account-row').filter({ hasText: 'sarah@outreach.example' });
    await row.waitFor();
    // The page as a person coming back sees it (no toast or closing dialog in the way).
    await page.reload();
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Smartlead failing on the warm-up stats: said in words where the chart goes.
    fake.inject({ status: 503, times: 2, path: /warmup-stats/ });
    await row.getByRole('button', { name: 'Manage sarah@outreach.example' }).click();
    const manage = page.getByRole('dialog');
    // Its connection as Smartlead last checked it, and new sign-in details refused in Smartlead's words.
    const health = manage.getByTestId('mailbox-health');
    await health.getByText(/Connected: Sending \(SMTP\) smtp\.outreach\.example:587/).waitFor();
    await manage.getByRole('button', { name: 'Check connection' }).click();
    await health.getByText(/Connected: Replies \(IMAP\)/).waitFor();
    await manage.getByRole('button', { name: 'Change sign-in details' }).click();
    expect(await manage.getByLabel('SMTP server').inputValue()).toBe('smtp.outreach.example');
    await manage.getByLabel('New password').fill('wrong-again');
    await manage.getByRole('button', { name: 'Save sign-in details' }).click();
    await manage.getByText(/SMTP connection failed/).waitFor();
    await checkA11y(page, 'mailbox sign-in details, refused');
    await manage.getByRole('button', { name: 'Cancel' }).click();

    await manage.getByText(/Smartlead is having problems right now \(HTTP 503\)/).waitFor();
    await manage.getByLabel('Warm up this mailbox').check();
    await manage.getByLabel('Warm-up emails a day').fill('20');
    await manage.getByLabel('Ramp-up, more each day').fill('2');
    await manage.getByRole('button', { name: 'Save warm-up' }).click();
    // Below Smartlead's least ramp-up: said at the field, nothing sent.
    await manage.getByText('At least 5 more a day').waitFor();
    await manage.getByLabel('Ramp-up, more each day').fill('5');
    await manage.getByRole('button', { name: 'Save warm-up' }).click();
    await page.getByText('Warm-up on').first().waitFor();
    await manage.getByRole('img', { name: /Warm-up emails sent and replied per day/ }).waitFor();
    await manage.getByText(/Last 7 days: 94 sent/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page, 'mailbox warm-up chart at 390 px');
    await screenshot(page, 'mailbox-warmup');
    await page.keyboard.press('Escape');
    await row.getByText(/Warming/).waitFor();
    await page.context().close();
  });
});
