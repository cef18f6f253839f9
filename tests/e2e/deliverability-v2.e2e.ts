import { generateKeyPairSync } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BAD_HEADERS, GOOD_HEADERS } from '../fakes/mail-headers';
import { DKIM_TXT, SENDING_ZONE } from '../fakes/sending-domains';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Deliverability v2 (decision 0910): a domain with faults (SPF "+all" with a deprecated ptr, a 1024-bit DKIM
// key, DMARC at pct=50); its SPF tree and the sender requirements read; a message's headers pasted and
// judged; the records fixed in the fake zone, Recheck, everything passes. At 1440 and 390 px.
const GOOGLE_MX = { MX: [{ preference: 1, exchange: 'smtp.google.com' }] };
const key1024 = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .publicKey.export({ type: 'spki', format: 'der' })
  .toString('base64');

describe.skipIf(!chromiumAvailable())('deliverability v2', () => {
  let world: World;
  const e2e = useE2E(async () => {
    world = await startWorld(
      {},
      {
        ...SENDING_ZONE,
        'journey.test': { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com ptr +all']] },
        'google._domainkey.journey.test': { TXT: [[`v=DKIM1; k=rsa; p=${key1024}`]] },
        '_dmarc.journey.test': { TXT: [['v=DMARC1; p=quarantine; pct=50; rua=mailto:d@journey.test']] },
        'track.journey.test': { CNAME: 'open.sleadtrack.com' },
      },
    );
    return { env: { ...world.env(), DNS_TRIES: '1' } };
  });
  afterAll(async () => {
    await world?.close();
  });

  async function signedIn(page: Page) {
    await signUpViaUi(page, 'deliv2');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
  }

  async function pasteHeaders(page: Page, headers: string) {
    await page.getByLabel('Headers of a message you sent to yourself').fill(headers);
    await page.getByRole('button', { name: 'Check headers' }).click();
  }

  it('faults, tree and report, headers, fix, recheck, pass', async () => {
    const page = await e2e.newPage({ viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    await signedIn(page);
    await page.goto('/smartlead/deliverability');
    await page.getByLabel('Domain', { exact: true }).fill('journey.test');
    await page.getByLabel('Tracking domain (optional)').fill('track.journey.test');
    await page.getByRole('button', { name: 'Check domain' }).click();
    const checks = page.getByRole('list', { name: 'Checks of journey.test' });
    await checks.getByText(/ends in "\+all"/).waitFor();
    await checks.getByText(/RSA 1024 bits: weak/).waitFor();
    await checks
      .getByText(/pct=50/)
      .first()
      .waitFor();

    // The SPF tree, as a receiver walks it.
    await page.getByText(/SPF tree of journey\.test: 2 of 10 DNS look-ups/).click();
    const tree = page.getByRole('list', { name: 'SPF tree of journey.test' });
    await tree.getByText('include:_spf.google.com', { exact: true }).waitFor();
    await tree.getByText(/Deprecated/).waitFor();
    // The sender requirements: SPF fails for each receiver; the spam rate is not visible in DNS.
    await page.getByText(/Sender requirements \(Gmail, Yahoo, Microsoft\): 3 failing/).click();
    const gmail = page.getByRole('region', { name: 'Gmail requirements for journey.test' });
    await gmail.getByText('Spam rate under 0.3%').waitFor();
    await checkA11y(page, 'deliverability v2, a domain with faults');
    await screenshot(page, 'deliverability-v2-faults-1440');

    // A message sent through a shared ESP: the header check says what the receiver saw.
    await pasteHeaders(page, BAD_HEADERS);
    const findings = page.getByRole('list', { name: 'Header check findings' });
    await findings.getByText(/DMARC fail/).waitFor();
    await findings.getByText(/No List-Unsubscribe header/).waitFor();
    await checkA11y(page, 'deliverability v2, headers judged');
    await findings.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliverability-v2-headers-1440');
    await pasteHeaders(page, 'not headers at all');
    await page
      .getByText(/No mail headers found/)
      .first()
      .waitFor();

    // The owner fixes the records; Recheck: every check passes.
    world.dns.set('journey.test', { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com ~all']] });
    world.dns.set('google._domainkey.journey.test', { TXT: DKIM_TXT });
    world.dns.set('_dmarc.journey.test', { TXT: [['v=DMARC1; p=quarantine; rua=mailto:d@journey.test']] });
    await page.getByRole('button', { name: 'Recheck journey.test' }).click();
    await page.getByText('journey.test now passes every check (before, it failed).').waitFor();
    await expect.poll(() => checks.getByText('Fail', { exact: true }).count()).toBe(0);
    await expect.poll(() => checks.getByText('Warning', { exact: true }).count()).toBe(0);
    await pasteHeaders(page, GOOD_HEADERS.replaceAll('good.test', 'journey.test'));
    await findings.getByText(/One-click unsubscribe/).waitFor();
    expect(await findings.getByText('Fail', { exact: true }).count()).toBe(0);
    await checkA11y(page, 'deliverability v2, fixed');

    // The same page at 390 px: nothing wider than the screen.
    // (The tree and the requirements opened above stay open.)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText(/Sender requirements \(Gmail, Yahoo, Microsoft\): none failing/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page, 'deliverability v2, 390 px');
    await page.getByText(/SPF tree of journey\.test: 1 of 10/).scrollIntoViewIfNeeded();
    await screenshot(page, 'deliverability-v2-tree-390');
    await gmail.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliverability-v2-requirements-390');
    await page.context().close();
  });
});
