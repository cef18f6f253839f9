import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Decision 0101: a 30,000-row list started by mistake is stopped, the rows done are exported, and the upload
// is deleted (after a confirmation) and gone from History. A third of the addresses sit on a mail
// server that never answers, so the run is still going when it is stopped, whatever the machine's speed.
const ROWS = 30_000;
const DUPLICATES = 10;
const DESKTOP = { viewport: { width: 1440, height: 900 }, bypassCSP: true };
const PHONE = { width: 390, height: 844 };

function bigCsv(): string {
  const lines = ['email,name'];
  const domain = ['silent.test', 'nodomain.test', 'acme.test'];
  for (let i = 0; i < ROWS - DUPLICATES; i++) lines.push(`user${i}@${domain[i % 3]},Person ${i}`);
  // The same addresses again, in capitals and with spaces: merged, not verified twice.
  for (let i = 0; i < DUPLICATES; i++) lines.push(`  USER${i}@${domain[i % 3].toUpperCase()} ,Again ${i}`);
  return lines.join('\n');
}

interface Status {
  status: string;
  notChecked: number;
  duplicates: number;
  stats: { total: number; valid: number; invalid: number; risky: number; pending: number };
}
const statusOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/upload/${id}/status`)).json()) as Status;

describe.skipIf(!chromiumAvailable())('stopping and deleting a list', () => {
  let world: World;
  const e2e = useE2E(async () => {
    world = await startWorld(
      { 'acme.test': { mailboxes: ['user2@acme.test'] }, 'silent.test': { silent: true } },
      { 'nodomain.test': 'NXDOMAIN' },
    );
    return { env: { ...world.env(), SMTP_TIMEOUT_MS: '300000' } };
  });
  afterAll(async () => {
    await world?.close();
  });

  it('stops a 30,000-row run, exports the rows done, deletes the upload and History no longer lists it', async () => {
    const page = await e2e.newPage({ ...DESKTOP, acceptDownloads: true });
    await signUpViaUi(page, 'stop');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/upload');
    await page
      .getByTestId('csv-input')
      .setInputFiles({ name: 'mistake.csv', mimeType: 'text/csv', buffer: Buffer.from(bigCsv()) });
    await page.getByTestId('emails-detected').filter({ hasText: '30,000' }).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('duplicates-merged').textContent()).toContain(String(DUPLICATES));
    await screenshot(page, 'stop-upload-preview-duplicates');
    // Only chosen, not started: no upload in History yet.
    expect(await (await page.request.get('/api/uploads')).json()).toEqual([]);

    await page.getByRole('button', { name: 'Start Verification', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const [{ id }] = (await (await page.request.get('/api/uploads')).json()) as { id: string }[];
    await page.getByTestId('in-progress-banner').waitFor();
    // Some verdicts are in (the unknown domain's rows are invalid at once).
    await page.getByTestId('stat-invalid').filter({ hasNotText: /^0$/ }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'stop-dashboard-mid-run-1440');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'stop-dashboard-mid-run-390');
    await page.setViewportSize(DESKTOP.viewport);

    await page.getByRole('button', { name: 'Stop verification' }).click();
    await page.getByTestId('stopped-banner').waitFor();
    const stopped = await statusOf(page, id);
    expect(stopped.status).toBe('cancelled');
    expect(stopped.notChecked).toBeGreaterThan(0);
    expect(stopped.duplicates).toBe(DUPLICATES);
    const checked = stopped.stats.valid + stopped.stats.invalid + stopped.stats.risky;
    expect(checked + stopped.notChecked).toBe(ROWS);
    await page
      .getByTestId('stat-total-note')
      .filter({ hasText: `${stopped.notChecked.toLocaleString('en-US')} not checked` })
      .waitFor();
    await page.getByRole('button', { name: /Resume verification/ }).waitFor();
    expect(await page.getByTestId('step-2-label').textContent()).toBe('Stopped');
    // The rows not reached say so, in the table and through the filter.
    await page.getByRole('combobox', { name: 'Filter results' }).click();
    await page.getByRole('option', { name: 'Not checked' }).click();
    const table = page.getByTestId('results-table');
    await table.getByTestId('final-status').first().filter({ hasText: 'Not checked' }).waitFor();
    expect(await table.getByText('PROCESSING').count()).toBe(0);
    await page.getByRole('region', { name: 'Results' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'stop-results-not-checked-1440');
    await checkA11y(page, '/dashboard (stopped)');
    await page.setViewportSize(PHONE);
    await page.getByTestId('result-card').first().waitFor();
    await screenshot(page, 'stop-results-not-checked-390');
    await checkA11y(page, '/dashboard (stopped, 390)');
    await page.setViewportSize(DESKTOP.viewport);

    // Export everything: every input row, with its verdict or "not_checked".
    const download = new Promise<Download>((resolve) => {
      page.context().on('page', (p) => p.on('download', resolve));
      page.on('download', resolve);
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'All emails' }).click();
    const text = readFileSync((await (await download).path()) as string, 'utf8');
    const [header, ...lines] = text.slice(1).trim().split('\r\n');
    expect(header.startsWith('email,name,initial_status,final_status,reason,reason_text')).toBe(true);
    expect(lines).toHaveLength(ROWS);
    const finals = new Map<string, number>();
    for (const l of lines) {
      const f = l.replace(/^"[^"]*"/, 'x').split(',')[3];
      finals.set(f, (finals.get(f) ?? 0) + 1);
    }
    expect(finals.get('not_checked')).toBe(stopped.notChecked);
    expect(finals.get('invalid') ?? 0).toBe(stopped.stats.invalid);
    expect(finals.get('valid') ?? 0).toBe(stopped.stats.valid);
    expect(finals.get('pending')).toBeUndefined();
    // A duplicate carries its first row's verdict.
    const first = lines.find((l) => l.startsWith('user1@nodomain.test,'));
    const again = lines.find((l) => l.includes('USER1@NODOMAIN.TEST'));
    expect(first?.split(',').slice(2, 4)).toEqual(['invalid', 'invalid']);
    expect(again?.split(',').slice(2, 4)).toEqual(['invalid', 'invalid']);

    // Delete it, after the confirmation.
    await page.getByRole('button', { name: 'Delete mistake.csv' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete “mistake.csv”?').waitFor();
    await screenshot(page, 'stop-delete-confirm');
    await checkA11y(page, 'delete upload dialog');
    await dialog.getByRole('button', { name: 'Delete list' }).click();
    await page.getByText('List deleted').first().waitFor();
    await page.goto('/history');
    await page.getByText('No uploads yet').waitFor();
    expect(await page.getByTestId('history-item').count()).toBe(0);
    await screenshot(page, 'stop-history-after-delete');
    expect((await page.request.get(`/api/upload/${id}/status`)).status()).toBe(404);
  });
});
