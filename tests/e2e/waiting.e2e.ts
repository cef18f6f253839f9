import { afterAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// While a run's last rows wait on a greylisting server, the dashboard says so ("2 rows: greylisted
// (mx.grey.test), retry at …"), on a desktop and at 390 px, then the run completes and it is gone.
const CSV = ['email', 'ann@grey.test', 'bo@grey.test', 'cy@fine.test', 'di@fine.test'].join('\n');

describe.skipIf(!chromiumAvailable())('waiting rows', () => {
  let world: World;
  const e2e = useE2E(async () => {
    world = await startWorld({
      'grey.test': { mailboxes: ['ann@grey.test'], greylistS: 10 },
      'fine.test': { mailboxes: ['cy@fine.test'] },
    });
    return { env: { ...world.env(), GREYLIST_RETRY_S: '300' } };
  });
  afterAll(async () => {
    await world?.close();
  });

  it('shows what the last rows wait for and why, then clears', async () => {
    // bypassCSP: axe is injected as a script tag.
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await signUpViaUi(page, 'waiting');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/upload');
    await page
      .getByTestId('csv-input')
      .setInputFiles({ name: 'grey.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('Found 4 emails in your CSV file.').first().waitFor();
    await page.getByRole('button', { name: 'Start Verification', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const waiting = page.getByTestId('waiting');
    await waiting
      .getByText(/^2 rows: greylisted \(mx\.grey\.test\), retry at \d/)
      .waitFor({ timeout: 30_000 });
    await checkA11y(page, 'dashboard, rows waiting on a greylisting server');
    await screenshot(page, 'dashboard-waiting-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    // The list fits the phone's width: long server names wrap instead of widening the page.
    const box = await waiting.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    expect(await waiting.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await checkA11y(page, 'dashboard at 390 px, rows waiting');
    await waiting.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-waiting-390');

    await page.getByTestId('step-2-label').filter({ hasText: 'Complete' }).waitFor({ timeout: 60_000 });
    await waiting.waitFor({ state: 'detached' });
    expect(await page.getByTestId('stat-valid').textContent()).toBe('2');
    expect(await page.getByTestId('stat-invalid').textContent()).toBe('2');
  }, 120_000);
});
