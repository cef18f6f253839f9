import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../fakes/smtp';
import { checkA11y, screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, submitCreateAccount, useE2E } from './harness';

// Accounts (decision 0830): forgotten password through the mail relay, the account screen's password change,
// session list and deletion; every screen checked with axe, at desktop width and at 390 px.
const DESKTOP = { viewport: { width: 1440, height: 900 }, bypassCSP: true };
const PHONE = { viewport: { width: 390, height: 844 }, bypassCSP: true };
const PROFILE = {
  businessType: 'agency',
  targetAudience: 'B2B Decision Makers',
  primaryGoal: 'outreach',
  experienceLevel: 'beginner',
};

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The page is no wider than the viewport (nothing to scroll sideways at 390 px). */
async function fitsWidth(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

async function signIn(page: Page, login: string, password: string) {
  await page.goto('/auth?mode=login');
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  // A new account goes on to onboarding first.
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/onboarding');
}

describe.skipIf(!chromiumAvailable())('accounts', () => {
  let relay: FakeSmtp;
  const e2e = useE2E(async () => {
    relay = await startFakeSmtp({ host: '127.0.0.46', catchAll: true, acceptData: true });
    return { timeoutMs: 110_000, env: { SMTP_RELAY_URL: `smtp://127.0.0.46:${relay.port}` } };
  });
  afterAll(async () => relay?.close());

  it('forgot password → mail on the relay → reset → sign in with the email', async () => {
    const first = await e2e.newPage(DESKTOP);
    await first.goto('/auth');
    const u = await submitCreateAccount(first, 'forgetful');
    await first.context().close();

    // Signing up again with the address: nobody is signed in, the form says so, and the owner is mailed.
    const again = await e2e.newPage(DESKTOP);
    await again.goto('/auth');
    await again.getByLabel('Username').fill(`${u.username}x`);
    await again.getByLabel('Email').fill(u.email);
    await again.getByLabel('Password', { exact: true }).fill('another-horse-42');
    await again.getByLabel('Confirm Password').fill('another-horse-42');
    await again.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await again.getByTestId('sign-up-check-email').waitFor();
    expect(new URL(again.url()).pathname).toBe('/auth');
    expect((await again.request.get('/api/user')).status()).toBe(401);
    await expect
      .poll(() =>
        relay.stats.messages.filter((m) => m.to.includes(u.email) && /tried to sign up/.test(m.text)),
      )
      .toHaveLength(1);
    await again.context().close();

    const page = await e2e.newPage(PHONE);
    await page.goto('/auth?mode=login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await fitsWidth(page);
    await checkA11y(page, '/forgot-password (390)');
    await page.getByLabel('Email').fill(u.email);
    await page.getByLabel('Email').press('Enter');
    await page.getByTestId('reset-sent').waitFor();
    await checkA11y(page, '/forgot-password (sent)');
    const resetMails = () =>
      relay.stats.messages.filter((m) => m.to.includes(u.email) && /reset-password/.test(m.text));
    await expect.poll(() => resetMails().length).toBe(1);
    const mail = resetMails()[0]?.text ?? '';
    const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail)?.[1];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(e2e.server.baseUrl);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('a much longer secret');
    await page.getByLabel('Confirm new password').fill('a different secret!!');
    await page.getByRole('button', { name: 'Change password' }).click();
    // The mismatch is shown at its field.
    await page.getByText("Passwords don't match").waitFor();
    await checkA11y(page, '/reset-password (mismatch, 390)');
    await page.getByLabel('Confirm new password').fill('a much longer secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('reset-done').waitFor();
    await screenshot(page, 'reset-password-done-390');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, u.email, 'a much longer secret');

    // The link worked once.
    await page.goto(link!);
    await page.getByTestId('reset-invalid').waitFor();
  });

  it('account: change the password, see and end sessions, delete the account', async () => {
    const page = await e2e.newPage(DESKTOP);
    await page.goto('/auth');
    const u = await submitCreateAccount(page, 'owner');
    await completeOnboardingViaApi(page, PROFILE);
    // A second browser signed in to the same account.
    const other = await e2e.newPage(PHONE);
    await signIn(other, u.username, u.password);

    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(2);
    await checkA11y(page, '/settings/account');

    // Name and picture: saved, and shown in the top bar's menu.
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name saved').first().waitFor();
    await page.setInputFiles('#avatar-file', { name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Picture saved').first().waitFor();
    await page.getByRole('img', { name: 'Your picture' }).waitFor();

    // Sessions: the other browser is signed out from here.
    await page
      .getByRole('button', { name: /^Sign out Chrome|^Sign out / })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    await other.reload();
    await other.waitForURL((url) => url.pathname === '/auth' || url.pathname === '/');
    expect((await other.request.get('/api/user')).status()).toBe(401);

    // Password: a wrong current one is shown at its field; then the change signs out the others.
    const again = await e2e.newPage(PHONE);
    await signIn(again, u.email, u.password);
    await page.locator('#account-current-password').fill('not the password');
    await page.locator('#account-new-password').fill('a brand new password');
    await page.locator('#account-confirm-password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .locator('#account-current-password-error')
      .getByText('That is not your current password.')
      .waitFor();
    await page.locator('#account-current-password').fill(u.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions were signed out.').first().waitFor();
    expect((await again.request.get('/api/user')).status()).toBe(401);

    // At 390 px the screen fits and stays accessible.
    await again.close();
    const phone = await e2e.newPage(PHONE);
    await signIn(phone, u.username, 'a brand new password');
    await phone.goto('/settings/account');
    await phone.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await fitsWidth(phone);
    await checkA11y(phone, '/settings/account (390)');
    await screenshot(phone, 'account-390');

    // Delete: confirmed by the password, then signed out everywhere and unable to sign in.
    await phone.getByRole('button', { name: 'Delete my account' }).click();
    await phone.getByRole('dialog').getByLabel('Password').fill('a brand new password');
    await checkA11y(phone, 'delete account dialog (390)');
    await phone.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
    await phone.waitForURL((url) => url.pathname === '/' && url.search.includes('account=deleted'));
    expect((await page.request.get('/api/user')).status()).toBe(401);
    const gone = await page.request.post('/api/login', {
      data: { username: u.username, password: 'a brand new password' },
      headers: { 'x-csrf-token': 'x', cookie: 'vl_csrf=x' },
    });
    expect(gone.status()).not.toBe(200);
  });
});
