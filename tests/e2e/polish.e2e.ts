import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeApify, searchProfile, startFakeApify } from '../fakes/apify';
import { type FakeSmartlead, startFakeSmartlead } from '../fakes/smartlead';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, checkedStates, moderateFindings, screenshot } from './axe';
import {
  apiPost,
  type Credentials,
  chromiumAvailable,
  completeOnboardingViaApi,
  launchBrowser,
  removeDataDir,
  type ServerHandle,
  signUpViaUi,
  startServer,
  stopServer,
  useE2E,
} from './harness';

// The screens a user lives in, measured in Chromium: axe-core on every route and main state (empty,
// with data, menu or dialog open) at 1440 px and on a phone, plus the product behaviours of decision 0400.
// Screenshots of each state land in test-results/screenshots (git-ignored).

// axe is injected as a script: the app's Content-Security-Policy would (rightly) refuse it.
const DESKTOP = { viewport: { width: 1440, height: 900 }, bypassCSP: true };
const PHONE = { width: 390, height: 844 };
const LONG_DOMAIN = 'panymaspanaderia-internacional-monterrey.test';
const LONG = `alexandria.montgomery.featherstonehaugh@${LONG_DOMAIN}`; // 84 characters
const PROFILE = {
  businessType: 'agency',
  targetAudience: 'B2B Decision Makers',
  primaryGoal: 'outreach',
  experienceLevel: 'beginner',
};

// One valid address with an 80-character sibling, and mostly domains whose mail server refuses
// connections: the "why is everything risky?" case.
const CSV = [
  'name,email,Firma',
  'Ann Lee,ann@acme.test,Acme',
  `Alexandria Montgomery-Featherstonehaugh,${LONG},Pan y Más Panadería Internacional de Monterrey`,
  'Dee One,dee1@down.test,Down Co',
  'Dee Two,dee2@down.test,Down Co',
  'Dee Three,dee3@down.test,Down Co',
  'Dee Four,dee4@down.test,Down Co',
  'Dee Five,dee5@down.test,Down Co',
  'Dee Six,dee6@down.test,Down Co',
  'Dee Seven,dee7@down.test,Down Co',
  'Dee Eight,dee8@down.test,Down Co',
].join('\n');

async function uploadCsv(page: Page, name: string, csv: string) {
  await page.goto('/upload');
  await page.getByTestId('csv-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('emails-detected').waitFor();
}

async function uploadIdByName(page: Page, name: string): Promise<string> {
  const list = (await (await page.request.get('/api/uploads')).json()) as {
    id: string;
    originalName: string;
  }[];
  const found = list.find((u) => u.originalName === name);
  if (!found) throw new Error(`no upload named ${name}`);
  return found.id;
}

/** The element ends inside the viewport (nothing pushed off to the right). */
async function fullyVisible(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'element has a box').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
}

describe.skipIf(!chromiumAvailable())('product polish (decision 0400)', () => {
  let world: World;
  let apify: FakeApify;
  let smartlead: FakeSmartlead;
  const smartleadKey = `sl_polish_${Date.now()}`;
  let page: Page;
  let user: Credentials;

  const e2e = useE2E(async () => {
    world = await startWorld(
      { 'acme.test': { mailboxes: ['ann@acme.test'] }, [LONG_DOMAIN]: { mailboxes: [LONG] } },
      (unused) => ({
        'down.test': { MX: [{ preference: 10, exchange: 'mx.down.test' }] },
        'mx.down.test': { A: [unused] },
      }),
    );
    apify = await startFakeApify();
    smartlead = await startFakeSmartlead({ apiKeys: [smartleadKey] });
    apify.searchResults.set('florist', [
      searchProfile('bloomflorist', { fullName: 'Anna Lee | Bloom Florist', biography: 'anna@bloom.test' }),
      searchProfile('ghostshop', { fullName: 'Ghost Shop', biography: 'hello@ghost.test' }),
    ]);
    apify.fullProfiles.set('bloomflorist', {
      username: 'bloomflorist',
      fullName: 'Anna Lee',
      biography: 'anna@bloom.test',
    });
    return {
      env: {
        ...world.env(),
        SMTP_TIMEOUT_MS: '3000',
        APIFY_API_URL: apify.url,
        APIFY_TOKEN: apify.token,
        APIFY_POLL_SECONDS: '0',
        SMARTLEAD_API_URL: smartlead.url,
      },
    };
  });

  afterAll(async () => {
    await world?.close();
    await apify?.close();
    await smartlead?.close();
  });

  it('signed out: sign-in prompt instead of a 404, help center, phone menu, axe on public pages', async () => {
    const p = await e2e.newPage(DESKTOP);
    await p.goto('/dashboard');
    await p.waitForURL((u) => u.pathname === '/auth' && u.searchParams.get('next') === '/dashboard');
    await p.getByTestId('sign-in-prompt').waitFor();
    expect(await p.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(p, 'signed-out-dashboard-asks-sign-in');
    await checkA11y(p, '/auth?next (sign-in prompt)');

    for (const path of ['/', '/auth', '/features', '/pricing', '/about', '/contact', '/privacy', '/terms']) {
      await p.goto(path);
      await p.locator('h1').first().waitFor();
      await checkA11y(p, path);
    }
    // The skip link is the first stop of the keyboard, and takes it to the content.
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await p.keyboard.press('Enter');
    expect(await p.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await p.goto('/definitely-not-a-page');
    await p.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await checkA11y(p, '404');

    // Support's Help Center link leads to a real page.
    await p.goto('/support');
    await checkA11y(p, '/support');
    await p.getByRole('link', { name: 'Visit the Help Center' }).click();
    await p.waitForURL((u) => u.pathname === '/help');
    await p.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor();
    for (const h of ['How verification works', 'What each verdict means', 'Reasons', 'CSV format', 'FAQ'])
      await p.getByRole('heading', { level: 2, name: h }).waitFor();
    await p.locator('summary', { hasText: 'Why is everything risky?' }).click();
    await p.getByText(/mail servers\s+were not reachable from the verification server/).waitFor();
    await p.getByRole('cell', { name: 'Domain accepts no mail (null MX)' }).waitFor();
    await screenshot(p, 'help-public');
    await checkA11y(p, '/help (public, FAQ open)');

    // Phones: the landing header keeps its navigation behind a menu button.
    await p.setViewportSize(PHONE);
    await p.goto('/');
    await p.getByRole('button', { name: 'Open site menu' }).click();
    await p.getByRole('menuitem', { name: 'Pricing' }).waitFor();
    await screenshot(p, 'landing-phone-menu');
    await checkA11y(p, '/ phone, site menu open');
    await p.getByRole('menuitem', { name: 'Pricing' }).click();
    await p.waitForURL((u) => u.pathname === '/pricing');
    await p.context().close();
  });

  it('signs up with focus on the heading, says Welcome (not back) with the name as typed', async () => {
    page = await e2e.newPage({ ...DESKTOP, acceptDownloads: true });
    user = await signUpViaUi(page, 'Polish');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await checkA11y(page, '/onboarding');
    await completeOnboardingViaApi(page, PROFILE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${user.username}!` }).waitFor();
    await screenshot(page, 'home-first-visit-welcome');
    await checkA11y(page, '/ home');

    // Empty states.
    const empty = ['/dashboard', '/history', '/upload', '/settings/integrations', '/settings/api'];
    const automation = ['/email-composer', '/smartlead/campaigns', '/smartlead/email-accounts'];
    for (const path of [...empty, ...automation, '/settings/usage', '/settings/branding', '/settings/team']) {
      await page.goto(path);
      await page.locator('main h1').waitFor();
      await checkA11y(page, `${path} (empty)`);
    }
    // An invitation link that does not work (the accept page's error state).
    await page.goto('/invite/not-a-real-invitation-token');
    await page.getByText('This invitation link does not work').waitFor();
    await checkA11y(page, '/invite/:token (invalid)');
    await page.goto('/send-to-smartlead');
    await page.locator('main h1').waitFor();
    await checkA11y(page, '/send-to-smartlead (no key)');

    // Settings → API (tokens and webhooks) and Help are in the user menu and side bar.
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'API', exact: true }).waitFor();
    await screenshot(page, 'user-menu-api');
    await checkA11y(page, 'user menu open');
    await page.getByRole('menuitem', { name: 'API', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/settings/api');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await checkA11y(page, '/settings/api');
    await page.getByRole('link', { name: 'Help Center' }).click();
    await page.waitForURL((u) => u.pathname === '/help');
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor();
    await checkA11y(page, '/help (signed in)');
    await page.goto('/subscribe');
    await page.locator('main').waitFor();
    await page
      .getByText(/not configured|Subscription Error|Subscribe to /)
      .first()
      .waitFor();
    await checkA11y(page, '/subscribe');
  });

  it('disables both start buttons once a run starts; a never-started list says Not started', async () => {
    await uploadCsv(page, 'never-started.csv', 'email\nx1@acme.test\nx2@acme.test\n');
    // Kept on purpose: a file only chosen is not kept (decision 0101).
    await page.getByRole('button', { name: 'Save for later' }).click();
    await page.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    await uploadCsv(page, 'risky-list.csv', CSV);
    expect(await page.getByTestId('emails-detected').textContent()).toBe('10');
    // "Firma" is recognised as the company column.
    await page.getByText('Company:').locator('strong', { hasText: 'Firma' }).waitFor();
    await checkA11y(page, '/upload (preview)');
    const first = page.getByRole('button', { name: 'Start Email Verification' });
    const second = page.getByRole('button', { name: 'Start Verification', exact: true });
    await first.click();
    await page.getByRole('button', { name: 'Verification running' }).nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'Verification running' }).count()).toBe(2);
    for (const b of await page.getByRole('button', { name: 'Verification running' }).all())
      expect(await b.isDisabled()).toBe(true);
    expect(await second.count()).toBe(0);
    await screenshot(page, 'upload-start-buttons-disabled-while-running');

    // The never-started list: Not started rows, Start Verification, an estimate, and an explained empty export.
    const idle = await uploadIdByName(page, 'never-started.csv');
    await page.goto(`/?uploadId=${idle}`);
    await page.getByTestId('not-started-banner').waitFor();
    const table = page.getByTestId('results-table');
    await table.getByText('x1@acme.test').waitFor();
    expect(await table.getByText('PROCESSING').count()).toBe(0);
    expect(await table.getByTestId('final-status').first().textContent()).toBe('Not started');
    await page.getByRole('button', { name: 'Start Verification' }).waitFor();
    expect(await page.getByRole('button', { name: /Re-verify Pending/ }).count()).toBe(0);
    await page
      .getByTestId('eta')
      .getByText(/Estimated time once started: about 1 min/)
      .waitFor();
    await page.getByRole('button', { name: 'Export Valid' }).click();
    await page.getByTestId('toast').getByText('Nothing to export').waitFor();
    await page
      .getByTestId('toast')
      .getByText(/No valid emails yet: 2 are still waiting/)
      .waitFor();
    // The results screen at /?uploadId= is Dashboard in the side bar and the breadcrumb.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Dashboard' }).waitFor();
    await crumbs.getByText('Upload results').waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Dashboard' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await screenshot(page, 'never-started-upload');
    await checkA11y(page, '/?uploadId (not started)');
  });

  it('keeps Final Status visible for an 80-character address at 1440 and 390 px; risky card and export in words', async () => {
    const id = await uploadIdByName(page, 'risky-list.csv');
    await page.goto(`/?uploadId=${id}`);
    await page.getByTestId('step-2-label').filter({ hasText: 'Complete' }).waitFor({ timeout: 90_000 });
    await page.getByTestId('stat-valid').filter({ hasText: /^2$/ }).waitFor();
    expect(await page.getByTestId('stat-risky').textContent()).toBe('8');
    await page
      .getByTestId('stat-risky-note')
      .filter({ hasText: 'Mostly: mail server could not be reached (not checked)' })
      .waitFor();
    const table = page.getByTestId('results-table');
    const longRow = table.getByRole('row').filter({ hasText: LONG.slice(0, 20) });
    await longRow.getByTestId('final-status').getByText('Valid').waitFor();
    await fullyVisible(page, table.getByRole('columnheader', { name: 'Final Status' }));
    await fullyVisible(page, longRow.getByTestId('final-status'));
    await fullyVisible(page, table.getByRole('columnheader', { name: 'Reason' }));
    await page.getByRole('region', { name: 'Results' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'results-1440-long-address');
    await checkA11y(page, '/?uploadId (data, 1440)');

    // The export has the reason in words beside the code, and no raw socket errors.
    const download = page.waitForEvent('download');
    await page.evaluate(() => {
      window.open = ((url: string) => {
        const a = document.createElement('a');
        a.href = url;
        a.click();
        return null;
      }) as typeof window.open;
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await checkA11y(page, 'export menu open');
    await page.getByRole('menuitem', { name: 'All emails' }).click();
    const file = await download;
    const text = (await import('node:fs')).readFileSync((await file.path()) as string, 'utf8');
    const [header, ...lines] = text.slice(1).trim().split('\r\n');
    expect(header.split(',').slice(3, 7)).toEqual([
      'initial_status',
      'final_status',
      'reason',
      'reason_text',
    ]);
    const down = lines.find((l) => l.includes('dee1@down.test')) ?? '';
    expect(down).toContain(',risky,unreachable,Mail server could not be reached (not checked),');
    expect(text).not.toContain('ECONNREFUSED');

    // A phone: one card per row, the verdict beside the address.
    await page.setViewportSize(PHONE);
    const card = page.getByTestId('result-card').filter({ hasText: LONG.slice(0, 20) });
    await card.waitFor();
    expect(await table.isVisible()).toBe(false);
    await fullyVisible(page, card.getByTestId('final-status-card'));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'results-390-cards');
    await checkA11y(page, '/?uploadId (data, 390)');
    await page.setViewportSize(DESKTOP.viewport);
  });

  it('history shows an estimate, a download button and named progress bars', async () => {
    await page.goto('/history');
    const idle = page.getByTestId('history-item').filter({ hasText: 'never-started.csv' });
    await idle.getByText('Not started').waitFor();
    await idle.getByTestId('history-estimate').getByText('Estimated about 1 min').waitFor();
    await idle.getByRole('button', { name: 'Open to start' }).waitFor();
    const done = page.getByTestId('history-item').filter({ hasText: 'risky-list.csv' });
    await done.getByText('Completed').waitFor();
    await done.getByRole('button', { name: 'Export' }).waitFor();
    await done.getByRole('progressbar', { name: /risky-list\.csv: 100% processed/ }).waitFor();
    await screenshot(page, 'history-estimate-and-export');
    await checkA11y(page, '/history (data)');
  });

  it('send list on a phone keeps the upload name readable', async () => {
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey: smartleadKey })).status()).toBeLessThan(
      300,
    );
    await page.setViewportSize(PHONE);
    await page.goto('/send-to-smartlead');
    const name = page.locator('span[title="risky-list.csv"]');
    await name.waitFor();
    // Not cut: the whole name fits in its box.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'send-list-390-upload-name');
    await checkA11y(page, '/send-to-smartlead (list, 390)');
    await page.setViewportSize(DESKTOP.viewport);
  });

  it('scraper: a bad line of a URL batch is reported on its own; honest mass-scrape count; clean dialog', async () => {
    await page.goto('/instagram-scraper');
    await page.getByLabel('Keywords (one per line)').fill('florist');
    await page.getByRole('button', { name: 'Search Profiles' }).click();
    await page.getByTestId('toast').getByText('Scraping completed!').waitFor({ timeout: 30_000 });
    await checkA11y(page, '/instagram-scraper (results)');
    await page.getByRole('button', { name: 'Get All Full Profiles' }).click();
    await page
      .getByTestId('toast')
      .getByText('1 of 2 profiles processed (1 failed)')
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'scraper-mass-scrape-honest-count');

    await page.getByRole('button', { name: 'Clean Data' }).click();
    await page
      .getByRole('dialog')
      .getByRole('tab', { name: /Cleaned/ })
      .waitFor();
    await checkA11y(page, 'clean data dialog open');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'URL Scrape' }).click();
    await page
      .getByLabel('Instagram profile URLs (one per line)')
      .fill('https://www.instagram.com/bloomflorist/\nhttps://example.test/not-instagram\n');
    await page
      .getByTestId('url-problems')
      .getByText(/Line 2 will be skipped/)
      .waitFor();
    await screenshot(page, 'scraper-url-batch-line-report');
    await checkA11y(page, '/instagram-scraper (URL tab, bad line)');
    await page.getByRole('button', { name: 'Scrape URLs' }).click();
    await page
      .getByTestId('toast')
      .getByText(/1 line was skipped/)
      .waitFor();
  });

  it('expired trial: the banner, the start refused in the UI, customer wording on the scraper; sign-in goes back', async () => {
    // A second server whose trials end at once (TRIAL_DAYS=0), without a scraping provider.
    const server: ServerHandle = await startServer({ env: { ...world.env(), TRIAL_DAYS: '0' } });
    const browser = await launchBrowser();
    try {
      const ctx = await browser.newContext({ ...DESKTOP, baseURL: server.baseUrl });
      const p = await ctx.newPage();
      const expired = await signUpViaUi(p, 'late');
      await completeOnboardingViaApi(p, PROFILE);
      await p.goto('/');
      await p
        .getByTestId('trial-banner')
        .getByText('Your free trial has ended. Upgrade now to continue using the service.')
        .waitFor();
      await checkA11y(p, '/ home (trial ended)');
      // The file is a draft (listed nowhere until started or saved): its id comes with the upload's answer.
      const uploaded = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload');
      await uploadCsv(p, 'late.csv', 'email\nann@acme.test\n');
      const id = ((await (await uploaded).json()) as { uploadId: string }).uploadId;
      await p.getByTestId('access-notice').waitFor();
      expect(await p.getByRole('button', { name: 'Start Email Verification' }).isDisabled()).toBe(true);
      expect(await p.getByRole('button', { name: 'Start Verification', exact: true }).isDisabled()).toBe(
        true,
      );
      // The server agrees (decision 0004): the start is refused with 402.
      expect((await apiPost(p, `/api/verify/${id}`)).status()).toBe(402);
      await screenshot(p, 'expired-trial-start-refused');
      await checkA11y(p, '/upload (trial ended)');

      await p.goto('/instagram-scraper');
      await p.getByText("Scraping isn't available on this server yet").waitFor();
      expect(await p.getByText('APIFY_TOKEN').count()).toBe(0);
      await screenshot(p, 'scraper-not-available-wording');
      await checkA11y(p, '/instagram-scraper (not available)');
      await ctx.close();

      // Signed out on a deep link: sign in, and land back there with "Welcome back" afterwards.
      const ctx2 = await browser.newContext({ ...DESKTOP, baseURL: server.baseUrl });
      const q = await ctx2.newPage();
      await q.goto('/history');
      await q.waitForURL((u) => u.pathname === '/auth');
      await q.getByLabel('Username').fill(expired.username);
      await q.getByLabel('Password').fill(expired.password);
      await q.locator('form').getByRole('button', { name: 'Sign In' }).click();
      await q.waitForURL((u) => u.pathname === '/history');
      await q.getByRole('heading', { level: 1, name: 'Processing History' }).waitFor();
      await q.getByRole('link', { name: 'Home' }).first().click();
      await q.getByRole('heading', { level: 1, name: `Welcome back, ${expired.username}!` }).waitFor();
      await ctx2.close();
    } finally {
      await browser.close();
      await stopServer(server);
      removeDataDir(server);
    }
  });

  it('stays within 5 moderate axe findings over all page states', () => {
    expect(checkedStates.length).toBeGreaterThan(30);
    console.info(`axe: ${checkedStates.length} page states, ${moderateFindings.length} moderate findings`);
    expect(moderateFindings.length, JSON.stringify(moderateFindings, null, 2)).toBeLessThanOrEqual(5);
  });
});
