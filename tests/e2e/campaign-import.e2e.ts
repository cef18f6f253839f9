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

// A campaign made in Smartlead's own app (decision 0202), at 390 px: imported from Email Campaigns, shown
// as imported with its numbers, its settings and schedule read back from Smartlead in the editor (tracking
// locked since it runs), a schedule change saved while it runs, then paused.

describe.skipIf(!chromiumAvailable())('campaigns made in Smartlead', () => {
  let fake: FakeSmartlead;
  const apiKey = `sl_e2e_${Math.random().toString(36).slice(2)}_${Date.now()}`;
  const e2e = useE2E(async () => {
    fake = await startFakeSmartlead({ apiKeys: [apiKey] });
    return { port: await freePort(), env: { SMARTLEAD_API_URL: fake.url } };
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('imports one, edits its schedule while it runs and pauses it, at 390 px', async () => {
    const box = fake.addEmailAccount(apiKey, { from_email: 'sam@spring.example' });
    const made = fake.seedAppCampaign(apiKey, {
      name: 'Spring outreach (Smartlead)',
      leads: [{ email: 'ann@acme.test' }, { email: 'bo@acme.test' }],
      stats: { sent: 20, uniqueOpens: 5, replies: 2 },
      emailAccountIds: [box.id],
    });
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await signUpViaUi(page, 'importer');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey })).status()).toBe(200);
    await page.goto('/smartlead/campaigns');
    // Smartlead fails the listing (an outage): the dialog says so and its Retry asks again.
    const listing = { method: 'GET', path: /^\/campaigns\/?$/ };
    fake.inject({ status: 500, times: 2, ...listing });
    await page.getByRole('button', { name: 'Import from Smartlead' }).click();
    const dialog = page.getByRole('dialog');
    const failure = dialog.getByTestId('import-failure');
    await failure.getByText(/Smartlead could not be asked for your campaigns/).waitFor();
    await checkA11y(page, 'import dialog after a Smartlead outage');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByLabel('Import Spring outreach (Smartlead)').check();
    await checkA11y(page, 'import campaigns from Smartlead at 390 px');
    // Then its rate limit fails the import itself: said in the dialog, and Retry imports.
    fake.inject({ status: 429, times: 2, retryAfter: '1', ...listing });
    await dialog.getByRole('button', { name: /^Import/ }).click();
    await failure.getByText(/Nothing was imported/).waitFor();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('1 campaign imported').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('campaign-card').filter({ hasText: 'Spring outreach (Smartlead)' });
    await card.getByTestId('imported').waitFor();
    await card.getByText('Active').waitFor();
    await card.getByText('10.0%').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await card.getByRole('link', { name: 'Manage Spring outreach (Smartlead)' }).click();
    await page
      .getByText(/imported from Smartlead/)
      .first()
      .waitFor();
    await page.getByTestId('campaign-schedule').getByText('America/Chicago').waitFor();
    await page.getByTestId('campaign-settings').getByText('replies to an email').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('tab', { name: 'Settings' }).click();
    // As Smartlead has them (opens tracked, clicks not), fixed now that it runs.
    await edit.getByTestId('settings-locked').waitFor();
    expect(await edit.getByLabel('Track opens').getAttribute('data-state')).toBe('checked');
    expect(await edit.getByLabel('Track link clicks').getAttribute('data-state')).toBe('unchecked');
    await edit.getByRole('tab', { name: 'Schedule' }).click();
    expect(await edit.getByLabel('From (HH:MM)').inputValue()).toBe('08:00');
    await edit.getByLabel('Fri').uncheck();
    await edit
      .getByTestId('in-flight-note')
      .getByText(/documents nothing more specific/)
      .waitFor();
    await checkA11y(page, 'edit an imported running campaign at 390 px');
    await screenshot(page, 'edit-imported-campaign-390');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').getByText('Saved in Smartlead').first().waitFor();
    expect(made.schedule?.days_of_the_week).toEqual([1, 2, 3, 4]);
    expect(made.status).toBe('ACTIVE');
    await edit.getByRole('button', { name: 'Close' }).click();
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect(made.status).toBe('PAUSED');
    await checkA11y(page, 'imported campaign page, paused, at 390 px');
    await screenshot(page, 'imported-campaign-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
