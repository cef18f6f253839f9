import { afterAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Honest under failure (decision 0007): on a resolver that answers "no such domain" to every name (a
// sandbox, a filtered network), a list is paused with the reason in words and the time of the next
// try, never marked invalid; once the resolver tells the truth, the run resumes by itself and the
// true verdicts appear. Screenshots of the paused dashboard at desktop width and at 390 px.
// A malformed address needs no network: it is judged (invalid) even while the run waits for the resolver.
const CSV = [
  'name,email',
  'Ann,ann@acme.test',
  'Ghost,ghost@acme.test',
  'Nobody,x@nodomain.test',
  'Typo,not-an-email',
].join('\n');

describe.skipIf(!chromiumAvailable())('honest under failure', () => {
  let world: World;

  const e2e = useE2E(async () => {
    world = await startWorld({ 'acme.test': { mailboxes: ['ann@acme.test'] } });
    world.dns.setMode('nxdomain');
    // The canaries are asked again every second while the resolver lies.
    return { env: { ...world.env(), DNS_RETRY_S: '1', DNS_TIMEOUT_MS: '1000' } };
  });

  afterAll(async () => {
    await world?.close();
  });

  it('a lying resolver pauses the list with the reason; it resumes to the true verdicts', async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await signUpViaUi(page, 'honest');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/upload');
    await page
      .getByTestId('csv-input')
      .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('Found 4 emails in your CSV file.').first().waitFor();
    await page.getByRole('button', { name: 'Start Email Verification' }).click();

    // The upload screen says the run is paused, and what the operator changes and runs to check it.
    const onUpload = page.getByTestId('verification-notice');
    await onUpload.waitFor({ timeout: 30_000 });
    expect(await onUpload.getByTestId('notice-fix').textContent()).toBe(
      'For the operator: set DNS_SERVERS to a resolver that answers truly; `npm run doctor` checks it.',
    );
    await page.getByText('Verification is paused by a problem on our side and resumes by itself.').waitFor();
    expect(await page.getByText('Verification is running in the background').count()).toBe(0);
    await page.getByRole('link', { name: 'View results' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');

    // Paused, in words, with the next try; nothing invalid, nothing "Completed".
    const notice = page.getByTestId('verification-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain(
      'Our DNS resolver is not answering correctly (it says well-known domains do not exist); verification will resume by itself.',
    );
    expect(await notice.getByTestId('notice-next-try').textContent()).toMatch(/^Next try at .+\.$/);
    expect(await page.getByTestId('upload-status').first().textContent()).toBe('Paused');
    // Only the malformed address is judged meanwhile.
    await page.getByTestId('stat-invalid').filter({ hasText: /^1$/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('stat-risky').textContent()).toBe('0');
    expect(await page.getByText('Completed').count()).toBe(0);
    await checkA11y(page, 'dashboard paused by our DNS resolver');
    await screenshot(page, 'honest-dashboard-paused-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await notice.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'honest-dashboard-paused-390');

    // History says the same.
    await page.goto('/history');
    const item = page.getByTestId('history-item').first();
    await item.getByTestId('verification-notice').waitFor();
    expect(await item.getByTestId('upload-status').textContent()).toBe('Paused');
    await checkA11y(page, 'history with a paused list');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The resolver tells the truth again: the run resumes by itself to the true verdicts.
    world.dns.setMode('normal');
    await item.getByRole('button', { name: 'View Results' }).click();
    await page.getByTestId('step-2-label').filter({ hasText: 'Complete' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('stat-valid').filter({ hasText: /^1$/ }).waitFor();
    expect(await page.getByTestId('stat-invalid').textContent()).toBe('3');
    expect(await page.getByTestId('stat-risky').textContent()).toBe('0');
    expect(await page.getByTestId('verification-notice').count()).toBe(0);
    await screenshot(page, 'honest-dashboard-resumed-desktop');
  });
});
