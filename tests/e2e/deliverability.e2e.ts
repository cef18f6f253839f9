import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DKIM_TXT, SENDING_ZONE } from '../fakes/sending-domains';
import { type FakeSmartlead, startFakeSmartlead } from '../fakes/smartlead';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Deliverability at 390 px: a domain failing SPF shows why and the record to add; the record is added in
// the fake zone, Recheck, and it passes. A mailbox on a blocklisted domain: the send screen shows the
// domain failing and sends only after "send anyway".
const LEADS = ['ann@acme.test', 'bo@acme.test'];
const GOOGLE_MX = { MX: [{ preference: 1, exchange: 'smtp.google.com' }] };

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}
const fits = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe.skipIf(!chromiumAvailable())('deliverability', () => {
  let fake: FakeSmartlead;
  let world: World;
  const apiKey = `sl_e2e_${Math.random().toString(36).slice(2)}_${Date.now()}`;

  const e2e = useE2E(async () => {
    fake = await startFakeSmartlead({ apiKeys: [apiKey] });
    world = await startWorld(
      { 'acme.test': { mailboxes: LEADS } },
      {
        ...SENDING_ZONE,
        // A Google Workspace domain with everything but SPF.
        'fixme.test': GOOGLE_MX,
        'google._domainkey.fixme.test': { TXT: DKIM_TXT },
        '_dmarc.fixme.test': { TXT: [['v=DMARC1; p=quarantine; rua=mailto:d@fixme.test']] },
        'track.fixme.test': { CNAME: 'open.sleadtrack.com' },
      },
    );
    return { env: { SMARTLEAD_API_URL: fake.url, ...world.env(), DNS_TRIES: '1' } };
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  async function signedIn(prefix: string) {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await signUpViaUi(page, prefix);
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey })).status()).toBe(200);
    return page;
  }

  it('a failing domain shows why and the record to add; fixed in DNS and rechecked, it passes', async () => {
    const page = await signedIn('deliv');
    await page.goto('/smartlead/deliverability');
    await page.getByText('No sending domain yet.').waitFor();
    // No DQS key on this server: the page says so in words.
    await page.getByText(/SPAMHAUS_DQS_KEY/).waitFor();
    await checkA11y(page, 'deliverability, no domain');

    await page.getByLabel('Domain', { exact: true }).fill('fixme.test');
    await page.getByLabel('Tracking domain (optional)').fill('track.fixme.test');
    await page.getByRole('button', { name: 'Check domain' }).click();
    const checks = page.getByRole('list', { name: 'Checks of fixme.test' });
    await checks.getByText('fixme.test has no SPF record').waitFor();
    await checks.getByText('v=spf1 include:_spf.google.com ~all').waitFor();
    await fits(page);
    await checkA11y(page, 'deliverability, a domain failing SPF');
    await checks.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliverability-failing-spf');

    // The owner adds the record at their DNS host.
    world.dns.set('fixme.test', { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com ~all']] });
    await page.getByRole('button', { name: 'Recheck fixme.test' }).click();
    await checks.getByText(/One SPF record; it includes Google Workspace/).waitFor();
    await expect.poll(() => checks.getByText('Fail', { exact: true }).count()).toBe(0);
    await page.getByText('fixme.test now passes every check (before, it failed).').waitFor();
    await checkA11y(page, 'deliverability, the domain fixed');
    await page.context().close();
  });

  it('a send from a mailbox on a listed domain asks for confirmation', async () => {
    const page = await signedIn('listed');
    fake.addEmailAccount(apiKey, { from_email: 'ann@listed.test', from_name: 'Ann', type: 'GMAIL' });
    await page.goto('/smartlead/deliverability');
    await page.getByRole('button', { name: "Check my mailboxes' domains" }).click();
    await page
      .getByRole('list', { name: 'Checks of listed.test' })
      .getByText(/listed on dbl\.spamhaus\.org/)
      .waitFor();

    const csv = `name,email\n${LEADS.map((e) => `${e.split('@')[0]},${e}`).join('\n')}\n`;
    const up = await apiPost(page, '/api/upload', undefined, {
      multipart: { csvFile: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    const { uploadId } = await up.json();
    expect((await apiPost(page, `/api/verify/${uploadId}`)).status()).toBeLessThan(300);
    await expect
      .poll(async () => (await (await page.request.get(`/api/upload/${uploadId}/status`)).json()).stats, {
        timeout: 60_000,
      })
      .toMatchObject({ valid: 2, pending: 0 });
    const steps = [
      { delayDays: 0, variants: [{ subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' }] },
    ];
    expect((await apiPost(page, '/api/email-templates', { name: 'Intro', steps })).status()).toBeLessThan(
      300,
    );

    await page.goto('/send-to-smartlead');
    await page.getByTestId('selected-counter').getByText('0 of 2 selected').waitFor();
    await page.getByRole('button', { name: 'Select all', exact: true }).first().click();
    const name = `Listed ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(name);
    await pick(page, 'Sequence', 'Intro (1 email)');
    await page.getByLabel('Send from ann@listed.test').click();
    const gate = page.getByRole('alert').filter({ hasText: 'A sending domain fails its DNS checks' });
    await gate.getByText(/listed on dbl\.spamhaus\.org/).waitFor();
    const send = page.getByRole('button', { name: 'Send 2 emails to Smartlead' });
    expect(await send.isDisabled()).toBe(true);
    await fits(page);
    await checkA11y(page, 'send from a listed domain');
    await gate.scrollIntoViewIfNeeded();
    await screenshot(page, 'send-listed-domain');

    await page.getByLabel('Send from this domain anyway').click();
    await send.click();
    await page.getByTestId('toast').getByText('Campaign created successfully').waitFor({ timeout: 60_000 });
    expect(fake.campaignsNamed(name)).toHaveLength(1);

    // Launching the draft from its page: the account shows its domain failing, and Start asks first.
    await page.goto('/smartlead/campaigns');
    await page
      .getByTestId('campaign-card')
      .filter({ hasText: name })
      .getByRole('link', { name: `Manage ${name}` })
      .click();
    await page.getByTestId('campaign-accounts').getByText('Fails a DNS check').waitFor();
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('toast').getByText('Campaign started').waitFor();
    expect(asked[0]).toContain('listed.test (Domain blocklists)');
    await checkA11y(page, 'campaign sending from a listed domain');
    await page.context().close();
  });
});
