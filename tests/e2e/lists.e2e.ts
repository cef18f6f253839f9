import { readFileSync } from 'node:fs';
import type { Download } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../fakes/smtp-world';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Lists journey: upload a CSV → preview → start → both steps complete on screen → filter invalid →
// export invalid (new tab) and check the downloaded rows → history → View Results.
// The engine runs for real against loopback DNS and SMTP fakes.
const CSV = [
  'name,email,company',
  'Ann Lee,ann@acme.test,Acme',
  'Bo Diddley,bo@acme.test,Acme',
  'Ghost,ghost@acme.test,Acme',
  'Nobody,x@nodomain.test,Nowhere',
  'Typo,not-an-email,',
  'Cat Stevens,cat@catchall.test,"=HYPERLINK(""http://evil.test"")"',
].join('\n');

describe.skipIf(!chromiumAvailable())('lists', () => {
  let world: World;

  const e2e = useE2E(async () => {
    world = await startWorld(
      { 'acme.test': { mailboxes: ['ann@acme.test', 'bo@acme.test'] }, 'catchall.test': { catchAll: true } },
      { 'nodomain.test': 'NXDOMAIN' },
    );
    return {
      env: {
        ...world.env(),
      },
    };
  });

  afterAll(async () => {
    await world?.close();
  });

  it('uploads, verifies in two steps live, filters invalid and exports them', async () => {
    const page = await e2e.newPage({ acceptDownloads: true });
    const context = page.context();
    await signUpViaUi(page, 'lists');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/upload');
    expect(await page.getByRole('link', { name: 'Download CSV Template' }).getAttribute('href')).toBe(
      '/email-template.csv',
    );

    // Client-side check first: a non-CSV file raises the alert and is never sent.
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await page
      .getByTestId('csv-input')
      .setInputFiles({ name: 'leads.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    expect(await alerted).toBe('Please select a .csv file');

    await page
      .getByTestId('csv-input')
      .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('File uploaded successfully').first().waitFor();
    await page.getByText('Found 6 emails in your CSV file.').first().waitFor();
    expect(await page.getByTestId('emails-detected').textContent()).toBe('6');
    expect(await page.getByTestId('preview-count').textContent()).toBe('Showing 6 of 6 rows');
    await page.getByRole('columnheader', { name: 'Status' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Pending' }).count()).toBe(6);

    await page.getByRole('button', { name: 'Start Verification', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Verification Started').first().waitFor();

    // Both steps complete on screen (polling every 2 s).
    await page.getByTestId('step-1-label').filter({ hasText: 'Complete' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('step-2-label').filter({ hasText: 'Complete' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('stat-valid').filter({ hasText: /^2$/ }).waitFor();
    expect(await page.getByTestId('stat-invalid').textContent()).toBe('3');
    expect(await page.getByTestId('stat-risky').textContent()).toBe('1');
    expect(await page.getByTestId('stat-total').textContent()).toBe('6');
    await page.getByText('PROCESSING', { exact: true }).first().waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'Filter results' }).click();
    await page.getByRole('option', { name: 'Invalid' }).click();
    const table = page.getByTestId('results-table');
    await table.getByText('ann@acme.test').waitFor({ state: 'detached' });
    for (const email of ['ghost@acme.test', 'x@nodomain.test', 'not-an-email'])
      await table.getByText(email).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);

    // Export opens in a new tab, which downloads the file.
    const download = new Promise<Download>((resolve) => {
      context.on('page', (p) => p.on('download', resolve));
      page.on('download', resolve);
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Invalid emails' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-invalid-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path()) as string, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0].startsWith('name,email,company,initial_status,final_status,reason,reason_text')).toBe(
      true,
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => r[1]).sort()).toEqual(['ghost@acme.test', 'not-an-email', 'x@nodomain.test']);
    expect(rows.every((r) => r[4] === 'invalid')).toBe(true);
    expect(rows.find((r) => r[1] === 'ghost@acme.test')?.[5]).toBe('rejected');
    expect(rows.find((r) => r[1] === 'ghost@acme.test')?.[6]).toBe('Mailbox does not exist');

    // History shows the upload and leads back to its results.
    await page.goto('/history');
    const item = page.getByTestId('history-item').first();
    await item.getByText('leads.csv').waitFor();
    await item.getByText('Completed').waitFor();
    await item.getByRole('button', { name: 'View Results' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('uploadId'));
    await page.getByTestId('stat-valid').filter({ hasText: /^2$/ }).waitFor();
    await context.close();
  });
});
