import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeApify, searchProfile, startFakeApify } from '../fakes/apify';
import { checkA11y } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Scraper journey: keyword search → job completes → profiles with emails → Get Full → Clean Data →
// cleaned CSV download → send to verification (→ /dashboard). Apify is the loopback fake; profile
// websites are served by it too (SAFE_FETCH_ALLOW_LOOPBACK opens loopback for this test only).
describe.skipIf(!chromiumAvailable())('instagram scraper', () => {
  let fake: FakeApify;

  const e2e = useE2E(async () => {
    fake = await startFakeApify();
    fake.sites.set('crumbsbakery', '<html><a href="mailto:orders@crumbs.test">Order online</a></html>');
    fake.searchResults.set('bakery', [
      searchProfile('bloomflorist', {
        fullName: 'Anna Lee | Bloom Florist',
        biography: 'anna [at] bloom [dot] test',
        followersCount: 1234,
      }),
      searchProfile('crumbsbakery', {
        fullName: 'Crumbs Bakery LLC',
        externalUrl: `${fake.url}/site/crumbsbakery`,
        followersCount: 2_500_000,
      }),
      searchProfile('danbaker', {
        fullName: 'Dan Baker',
        biography: 'Owner of Dough Bros',
        followersCount: 87,
      }),
      searchProfile('sunrise', { fullName: 'Sunrise Cafe', businessEmail: 'hello@sunrise.test' }, 'snake'),
    ]);
    fake.fullProfiles.set('danbaker', {
      username: 'danbaker',
      fullName: 'Dan Baker',
      biography: 'Owner of Dough Bros LLC. dan@doughbros.test',
      followersCount: 90,
    });
    return {
      env: {
        APIFY_API_URL: fake.url,
        APIFY_TOKEN: fake.token,
        APIFY_POLL_SECONDS: '0',
        SAFE_FETCH_ALLOW_LOOPBACK: 'true',
        DNS_TIMEOUT_MS: '200',
        DNS_TRIES: '1',
      },
    };
  });

  afterAll(async () => {
    await fake?.close();
  });

  it('searches, shows profiles with emails, cleans, downloads the cleaned CSV and sends to verification', async () => {
    // bypassCSP: axe is injected as a script, which the app's Content-Security-Policy refuses.
    const page = await e2e.newPage({ acceptDownloads: true, bypassCSP: true });
    await signUpViaUi(page, 'ig');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'Small Business Owners',
      primaryGoal: 'lead-gen',
      experienceLevel: 'beginner',
    });
    await page.goto('/instagram-scraper');
    await page.getByText('No search results yet.').waitFor();

    // Empty keywords: the documented validation toast, no request.
    await page.getByRole('button', { name: 'Search Profiles' }).click();
    await page.getByTestId('toast').getByText('Keywords required').waitFor();

    await page.getByLabel('Keywords (one per line)').fill('bakery');
    // The AI helper triggers itself 1 s after typing (heuristics: no model configured).
    await page.getByText('Target business accounts').waitFor();
    await page.getByRole('button', { name: 'Search Profiles' }).click();
    await page.getByTestId('toast').getByText('Scraping completed!').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('toast').textContent()).toContain('Found 3 profiles with emails.');

    const table = page.getByTestId('profiles-table');
    await table.getByText('anna@bloom.test').waitFor();
    await table.getByText('orders@crumbs.test').waitFor();
    await table.getByText('hello@sunrise.test').waitFor();
    await table.getByText('1.2K').waitFor();
    await table.getByText('2.5M').waitFor();
    expect(await page.getByTestId('scraped-count').textContent()).toBe('0 of 4 profiles scraped');

    // No location field: the search actor has no such input (decision 0300).
    expect(await page.getByLabel('Location').count()).toBe(0);

    // Get Full on the profile without an email runs in the background: held at the provider, the row
    // and the progress line show it under way; released, the result arrives without a reload.
    fake.holdRuns = true;
    const dan = table.getByRole('row', { name: /danbaker/ });
    await dan.getByRole('button', { name: 'Get Full' }).click();
    await page.getByTestId('toast').getByText('Getting full profile').first().waitFor();
    await dan.getByText(/Queued|Getting full profile/).waitFor();
    await page
      .getByTestId('full-pending')
      .getByText('1 full profile being fetched in the background')
      .waitFor();
    expect(await dan.getByRole('button', { name: 'Get Full' }).isDisabled()).toBe(true);
    await checkA11y(page, '/instagram-scraper (Get Full in progress)');
    // On a phone the page does not scroll sideways (the table scrolls in its own region).
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('full-pending').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (desktop) await page.setViewportSize(desktop);
    fake.holdRuns = false;
    await page.getByTestId('toast').getByText('Profile scraped successfully!').waitFor({ timeout: 30_000 });
    await table.getByRole('cell', { name: 'dan@doughbros.test', exact: true }).waitFor();
    await page.getByText('1 of 4 profiles scraped').waitFor();

    // Clean Data.
    await page.getByRole('button', { name: 'Clean Data' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('AI Data Cleaning').waitFor();
    await dialog.getByText('Total Profiles').waitFor();
    await dialog.getByRole('tab', { name: 'Cleaned (4)' }).waitFor();
    await dialog.getByRole('tab', { name: 'Full Verification (1)' }).waitFor();
    await dialog.getByRole('cell', { name: 'Bloom Florist', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'Crumbs Bakery', exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Cleaned CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^instagram-cleaned-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv).toContain('Full Name,Email,Company,Username,Followers,Status');
    expect(csv).toContain('Anna Lee,anna@bloom.test,Bloom Florist,bloomflorist,1234,Partial');
    expect(csv).toContain('Dan Baker,dan@doughbros.test,Dough Bros,danbaker,90,Complete');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Send to verification.
    await page.getByRole('button', { name: 'Send to verification' }).click();
    await page.getByTestId('toast').getByText('4 emails have been sent for verification').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.context().close();
  });
});
