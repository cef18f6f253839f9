import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../fakes/smartlead';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import {
  apiPost,
  chromiumAvailable,
  completeOnboardingViaApi,
  restartServer,
  signUpViaUi,
  stopServer,
  useE2E,
} from './harness';

// A send of leads verified weeks ago (decision 0221): the screen says before confirming that they are
// checked again; our resolver fails during that check, which is no verdict, so the send waits and says
// why on the screen; the user holds them back, and the campaign card says so.
const LEADS = ['ann@acme.test', 'bo@acme.test'];

describe.skipIf(!chromiumAvailable())('send re-check', () => {
  let fake: FakeSmartlead;
  let world: World;
  const apiKey = `sl_e2e_${Math.random().toString(36).slice(2)}_${Date.now()}`;

  const e2e = useE2E(async () => {
    fake = await startFakeSmartlead({ apiKeys: [apiKey] });
    world = await startWorld({ 'acme.test': { mailboxes: LEADS } });
    return {
      env: {
        SMARTLEAD_API_URL: fake.url,
        ...world.env(),
        // No remembered answers: the re-check asks the resolver, which the test then breaks.
        VERIFICATION_DOMAIN_TTL_S: '0',
        VERIFICATION_MAILBOX_TTL_S: '0',
        DNS_TIMEOUT_MS: '300',
        DNS_TRIES: '1',
      },
    };
  });

  afterAll(async () => {
    world?.dns.setMode('normal');
    await fake?.close();
    await world?.close();
  });

  it('says stale leads are checked again; a resolver outage waits for the user, who holds them back', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await signUpViaUi(page, 'recheck');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey })).status()).toBe(200);
    const csv = `name,email\n${LEADS.map((e) => `${e.split('@')[0]},${e}`).join('\n')}\n`;
    const up = await apiPost(page, '/api/upload', undefined, {
      multipart: { csvFile: { name: 'old.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    const { uploadId } = await up.json();
    expect((await apiPost(page, `/api/verify/${uploadId}`)).status()).toBeLessThan(300);
    await expect
      .poll(async () => (await (await page.request.get(`/api/upload/${uploadId}/status`)).json()).stats, {
        timeout: 60_000,
      })
      .toMatchObject({ valid: 2, pending: 0 });

    // Three weeks pass: the list's verdicts are now older than REVERIFY_AFTER_DAYS (14).
    await stopServer(e2e.server);
    const db = new PGlite(path.join(e2e.server.dataDir, 'pglite'));
    await db.query(
      `UPDATE upload_results SET verified_at = now() - interval '21 days', step2_verified_at = now() - interval '21 days'`,
    );
    await db.close();
    e2e.server = await restartServer(e2e.server);

    await page.goto('/send-to-smartlead');
    await page.getByTestId('selected-counter').getByText('0 of 2 selected').waitFor();
    await page.getByRole('button', { name: 'Select all', exact: true }).first().click();
    await page
      .getByTestId('recheck-notice')
      .getByText(/2 of the chosen addresses were last checked more than 14 days ago/)
      .waitFor();
    await checkA11y(page, 'send screen with stale leads');

    // Our resolver stops answering while they are checked again.
    world.dns.setMode('timeout');
    const name = `Stale ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(name);
    await page.getByRole('button', { name: 'Send 2 emails to Smartlead' }).click();
    const decision = page.getByTestId('unchecked-decision');
    await decision.getByText('2 addresses could not be checked again').waitFor({ timeout: 60_000 });
    await decision.getByText(/Our DNS resolver is not answering/).waitFor();
    await decision.getByText(/This says nothing about the addresses themselves/).waitFor();
    // Nothing moves until the user chooses: the Send button no longer spins, and says why it waits.
    await page.getByTestId('send-waits').waitFor();
    const sendButton = page.getByRole('button', { name: 'Send 2 emails to Smartlead' });
    expect(await sendButton.isDisabled()).toBe(true);
    expect(await sendButton.locator('.animate-spin').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page, 'send waiting for a choice on unchecked leads');
    await decision.scrollIntoViewIfNeeded();
    await screenshot(page, 'send-unchecked-decision');
    // Nothing went to Smartlead meanwhile.
    expect(fake.campaignsNamed(name)[0]?.leads.size ?? 0).toBe(0);

    world.dns.setMode('normal');
    await decision.getByRole('button', { name: 'Hold them back' }).click();
    // The toast counts what was sent, not the leads chosen before the hold-backs.
    await page
      .getByText(`Created campaign "${name}" with 0 emails in Smartlead (2 held back).`)
      .first()
      .waitFor();
    await page.waitForURL((u) => u.pathname === '/smartlead/campaigns');
    const card = page.getByTestId('campaign-card').filter({ hasText: name });
    await card
      .getByTestId('recheck-summary')
      .getByText(/2 could not be checked and were held back, as you chose/)
      .waitFor();
    expect(fake.campaignsNamed(name)[0]?.leads.size ?? 0).toBe(0);
    await page.context().close();
  });
});
