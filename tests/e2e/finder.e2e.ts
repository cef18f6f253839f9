import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FinderWorld, startFinderWorld, type WorldPerson } from '../fakes/finder-world';
import { checkA11y, screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Email finder journeys against a small world of companies on loopback (DNS, mail servers and
// websites; tests/fakes/finder-world.ts): a single find from the form to its answer, and a bulk CSV
// previewed, found, filtered, exported and sent to verification. Each screen is checked with axe and
// at 390 px.
describe.skipIf(!chromiumAvailable())('email finder', () => {
  let world: FinderWorld;

  const e2e = useE2E(async () => {
    world = await startFinderWorld({ domains: 8, peoplePerDomain: 2, seed: 11, errorSleepMs: 300 });
    return { env: { ...world.env(), DNS_TIMEOUT_MS: '1000' } };
  });

  afterAll(async () => {
    await world?.close();
  });

  const catchAll = (p: WorldPerson) => world.domains.find((d) => d.domain === p.domain)?.catchAll;
  const valid = () => world.people.filter((p) => p.truth === 'valid' && !catchAll(p));

  async function signedIn(prefix: string): Promise<Page> {
    const page = await e2e.newPage({ acceptDownloads: true, bypassCSP: true });
    await signUpViaUi(page, prefix);
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'lead-gen',
      experienceLevel: 'beginner',
    });
    return page;
  }

  /** At a phone's width the screen does not scroll sideways; then back to the desktop size. */
  async function fitsPhone(page: Page, state: string) {
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page, `${state} at 390 px`);
    await screenshot(page, `finder-${state.replace(/[^a-z0-9]+/gi, '-')}-390`);
    if (desktop) await page.setViewportSize(desktop);
  }

  it("finds one person's address from the form and shows its evidence", async () => {
    const page = await signedIn('find1');
    await page.goto('/find');
    await page.getByText('No finds yet.').waitFor();
    await checkA11y(page, '/find (empty)');

    // Nothing typed: the form says what is missing, beside the fields, and sends nothing.
    await page.getByRole('button', { name: 'Find email' }).click();
    await page.getByText('Enter a name').waitFor();
    await page.getByText('Enter the company domain or website').waitFor();
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');

    // The full-name alternative, then back to first and last name.
    await page.getByRole('button', { name: 'Paste a full name instead' }).click();
    await page.getByLabel('Full name').waitFor();
    await page.getByRole('button', { name: 'Enter first and last name instead' }).click();

    const p = valid()[0];
    await page.getByLabel('First name').fill(p.firstName);
    await page.getByLabel('Last name').fill(p.lastName);
    await page.getByLabel('Company domain or website').fill(`https://www.${p.domain}/about`);
    await page.getByRole('button', { name: 'Find email' }).click();
    await page.getByText(`Asking ${p.domain}'s mail server…`).waitFor();
    const answer = page.getByTestId('find-answer');
    await answer.waitFor({ timeout: 60_000 });
    expect(await answer.getByRole('heading').first().textContent()).toBe(p.address);
    expect(await answer.getByTestId('find-status').textContent()).toBe('Valid');
    await answer.getByRole('button', { name: `Copy ${p.address}` }).waitFor();
    const evidence = answer.getByTestId('find-evidence');
    expect(await evidence.textContent()).toMatch(/^Mail server's reply\s*250/);
    expect(Number(await answer.getByRole('meter').getAttribute('value'))).toBeGreaterThanOrEqual(90);
    await screenshot(page, 'finder-single-answer');
    await checkA11y(page, '/find (answer)');
    await fitsPhone(page, '/find (answer)');

    // The find is in the history and opens as a results screen of one.
    const item = page.getByTestId('find-history-item').first();
    await item.getByText('Found').waitFor();
    await item.click();
    await page.waitForURL((u) => /^\/find\/[^/]+$/.test(u.pathname));
    await page
      .getByTestId('find-results-table')
      .getByText(p.address as string)
      .waitFor();
    await page.context().close();
  });

  it('previews a bulk CSV, finds it, filters, exports and sends the found addresses to verification', async () => {
    const page = await signedIn('find2');
    await page.goto('/find');
    const input = page.locator('#bulk-file');

    // A file without a company column is explained before anything is sent.
    await input.setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Notes\nJane Doe,met at the fair\n'),
    });
    await page
      .getByTestId('bulk-problem')
      .getByText(/No column holds the company domain or website/)
      .waitFor();
    expect(await page.getByRole('button', { name: /^Find \d+ emails?$/ }).count()).toBe(0);
    await checkA11y(page, '/find (bulk CSV refused)');

    const people = valid().slice(0, 4);
    const nobody = { firstName: 'Quentin', lastName: 'Nobodyhere', domain: people[0].domain };
    const csv = [
      'First Name,Last Name,Website',
      ...[...people, nobody].map((p) => `${p.firstName},${p.lastName},https://${p.domain}`),
    ].join('\n');
    await input.setInputFiles({ name: 'conference.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('bulk-name-column').getByText('First Name + Last Name').waitFor();
    expect(await page.getByTestId('bulk-company-column').textContent()).toBe('Website');
    expect(await page.getByTestId('bulk-rows').textContent()).toBe('5');
    await checkA11y(page, '/find (bulk preview)');
    await fitsPhone(page, '/find (bulk preview)');
    await page.getByRole('button', { name: 'Find 5 emails' }).click();

    // The results screen follows the job live until it has finished.
    await page.waitForURL((u) => /^\/find\/[^/]+$/.test(u.pathname));
    await page.getByRole('heading', { name: 'conference', level: 1 }).waitFor();
    await page.getByTestId('find-job-status').getByText('Completed').waitFor({ timeout: 90_000 });
    // The last counts may land a moment after the status: the screen keeps reading until they do.
    await page.getByTestId('find-job-progress').getByText('5 of 5 people done').waitFor();
    const table = page.getByTestId('find-results-table');
    for (const p of people) await table.getByText(p.address as string).waitFor();
    await expect
      .poll(() => page.getByTestId('find-job-found').textContent(), { timeout: 10_000 })
      .toBe('4 found');

    // Filters with their counts, and search.
    await page.getByTestId('filter-not_found').click();
    await table.getByText('Quentin Nobodyhere').waitFor();
    // The row was on the page before the filter too: wait for the filtered page itself.
    await expect.poll(() => table.getByTestId('find-result-row').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('filter-found').click();
    expect(await page.getByTestId('filter-found').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('filter-found').textContent()).toBe('Found4');
    await table.getByText(people[0].address as string).waitFor();
    await expect.poll(() => table.getByTestId('find-result-row').count(), { timeout: 10_000 }).toBe(4);
    await page.getByLabel('Search results').fill(people[1].lastName);
    await page
      .getByTestId('find-results-total')
      .getByText(/^1 person$/)
      .waitFor();

    // The evidence of a row, from the keyboard.
    const why = table.getByRole('button', {
      name: `Evidence for ${people[1].firstName} ${people[1].lastName}`,
    });
    await why.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByTestId('find-evidence').waitFor();
    await checkA11y(page, '/find/:id (evidence)');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'finder-bulk-results');
    await checkA11y(page, '/find/:id (completed)');
    await fitsPhone(page, '/find/:id (completed)');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const exported = await readFile((await download.path()) as string, 'utf8');
    for (const p of people) expect(exported).toContain(p.address as string);
    expect(exported).toContain('Nobodyhere');

    await page.getByRole('button', { name: 'Send to verification' }).click();
    await page.getByTestId('toast').getByText('4 emails are being verified.').waitFor();
    const sent = page.getByTestId('find-sent');
    await sent.getByText('A list of 4 addresses is being verified.').waitFor();
    await checkA11y(page, '/find/:id (sent to verification)');
    await sent.getByRole('link', { name: 'View the list' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.has('uploadId'));
    await page
      .getByText(people[0].address as string)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.context().close();
  });
});
