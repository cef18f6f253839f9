import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../fakes/smtp-world';
import { screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Fair credits (decision 0890): a list is uploaded, its free estimate read before "Verify", it is verified,
// and the usage page shows the run's settlement: six definite answers charged, the rest given back; the
// usage page's CSV says the same.
const CSV = [
  'email',
  'alice@good.test',
  'carl@good.test',
  'dee@catchall.test',
  'temp@mailinator.com',
  'info@good.test',
  'eve@nodomain.test',
  'pat@policy.test',
  'not-an-email',
  'ALICE@good.test',
].join('\n');
const DESKTOP = { viewport: { width: 1440, height: 900 } };

const statusOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/upload/${id}/status`)).json()) as { status: string };

describe.skipIf(!chromiumAvailable())('fair credits', () => {
  let world: World;
  const e2e = useE2E(async () => {
    world = await startWorld(
      {
        'good.test': { mailboxes: ['alice@good.test', 'info@good.test'] },
        'catchall.test': { catchAll: true },
        'mailinator.com': { catchAll: true },
        'policy.test': { rcptReply: '550 5.7.1 Message rejected due to local policy' },
      },
      { 'nodomain.test': 'NXDOMAIN' },
    );
    return { env: world.env() };
  });
  afterAll(async () => {
    await world?.close();
  });

  it('upload, read the free estimate, verify, and read the settlement on the usage page', async () => {
    const page = await e2e.newPage(DESKTOP);
    await signUpViaUi(page, 'credits');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/upload');
    await page
      .getByTestId('csv-input')
      .setInputFiles({ name: 'credits.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    // The estimate comes before "Verify": every row checked, the five that need a mail server sampled.
    const estimate = page.getByTestId('estimate-credits');
    await estimate.waitFor({ timeout: 60_000 });
    expect(await estimate.textContent()).toContain('About 6 credits');
    // Step 1's counts are exact numbers; only the rows that need a mail server carry a range.
    const items = async (id: string) =>
      (await page.getByTestId(id).locator('li').allTextContents()).join(' | ');
    const known = await items('estimate-known');
    expect(known).toMatch(/Malformed \(free\)1\b/);
    expect(known).toMatch(/Duplicate \(free\)1\b/);
    expect(known).toMatch(/No domain or no mail server1\b/);
    expect(known).toMatch(/Disposable1\b/);
    expect(known).not.toContain('~');
    const forecast = await items('estimate-forecast');
    expect(forecast).toMatch(/Unknown \(free\)~1/);
    expect(forecast).not.toMatch(/Malformed|Duplicate|Disposable/);
    await screenshot(page, 'credits-upload-estimate');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('list-estimate').scrollIntoViewIfNeeded();
    await screenshot(page, 'credits-upload-estimate-390');
    await page.setViewportSize(DESKTOP.viewport);
    // Nothing is reserved or charged by the estimate.
    expect(await (await page.request.get('/api/usage/credits')).json()).toMatchObject({
      charged: 0,
      runs: [],
    });

    await page.getByRole('button', { name: 'Start Verification', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const [{ id }] = (await (await page.request.get('/api/uploads')).json()) as { id: string }[];
    await expect.poll(async () => (await statusOf(page, id)).status, { timeout: 60_000 }).toBe('completed');

    await page.goto('/settings/usage');
    const ledger = page.getByTestId('credit-ledger');
    await ledger.waitFor();
    await expect
      .poll(() => page.getByTestId('credits-charged').textContent(), { timeout: 20_000 })
      .toContain('6 charged');
    const cells = await page.getByTestId('credit-run').first().locator('td').allTextContents();
    expect(cells[0]).toContain('credits.csv');
    // Reserved 9, charged 6; released: 1 unknown, 1 malformed, 1 duplicate, 0 reused, 0 not reached.
    expect(cells.slice(1)).toEqual(['9', '6', '1', '1', '1', '0', '0']);
    expect(await page.getByTestId('meter-verification').textContent()).toContain('6 credits charged');
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(page, 'credits-usage-settlement');
    await page.setViewportSize({ width: 390, height: 844 });
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(page, 'credits-usage-settlement-390');
    await page.setViewportSize(DESKTOP.viewport);

    // The same figures as a file: the run's row says 6 charged, and the finds row is there.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('credits-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^credits-\d{4}-\d\d\.csv$/);
    const lines = (await readFile((await download.path()) as string, 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/^Kind,List,Run,Started,Settled,Reserved,Charged,/);
    expect(lines[1]).toMatch(/^verification,credits\.csv,1,[^,]+,[^,]+,9,6,1,1,1,0,0,0$/);
    expect(lines[2]).toMatch(/^finds,Found addresses \(email finder\),/);
  });
});
