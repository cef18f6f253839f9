import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readZip } from '../helpers/zip';
import { checkA11y } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// "Your data" (decision 0830): from the user menu, start the export, watch it build, download the zip.
describe.skipIf(!chromiumAvailable())('your data', () => {
  const e2e = useE2E();

  it('builds the zip in the background and downloads it', async () => {
    const page = await e2e.newPage({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      acceptDownloads: true,
    });
    const user = await signUpViaUi(page, 'mydata');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Your data' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/data');
    await page.getByText('You have not made an export yet.').waitFor();
    await checkA11y(page, '/settings/data (none yet, 390 px)');
    await page.getByRole('button', { name: 'Export my data' }).focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'Download zip' });
    await link.waitFor({ timeout: 30_000 });
    await checkA11y(page, '/settings/data (ready)');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^verilead-data-\d{4}-\d\d-\d\d\.zip$/);
    const files = readZip(await readFile((await download.path()) as string));
    expect(JSON.parse(files.get('account.json')?.toString() ?? '[]')[0].user.username).toBe(user.username);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(1);
  });
});
