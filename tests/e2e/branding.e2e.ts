import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/shared/auth';
import { hexToOklch } from '../../src/shared/branding-color';
import { type FakeDns, type FakeDnsEntry, startFakeDns } from '../fakes/dns';
import { checkA11y, screenshot } from './axe';
import {
  chromiumAvailable,
  completeOnboardingViaApi,
  launchBrowser,
  removeDataDir,
  type ServerHandle,
  startServer,
  stopServer,
  uniqueName,
} from './harness';

// White Label branding in the browser: a workspace with a verified custom domain. Chromium resolves that
// host name to the test server (--host-resolver-rules), so the page really arrives with Host: the custom
// domain; the sign-in page and, signed in, the shell show the workspace's name and colour.
const HOST = 'brand.example.test';
const COLOR = '#0f766e';
const PRODUCT = 'Acme Leads';
// axe is injected as a script, which the app's Content-Security-Policy (rightly) refuses.
// The machine may be busy: a page waits for the branding request as long as it needs.
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const DESKTOP = { viewport: { width: 1440, height: 900 }, bypassCSP: true };

describe.skipIf(!chromiumAvailable())('branding on a custom domain', () => {
  let server: ServerHandle;
  let browser: Browser;
  let dns: FakeDns;
  const zone = new Map<string, FakeDnsEntry>();
  const user = { username: uniqueName('brand'), password: 'correct-horse-42' };

  beforeAll(async () => {
    dns = await startFakeDns({ resolve: (name) => zone.get(name) });
    server = await startServer({ env: { DNS_SERVERS: dns.server, DNS_TRIES: '1' }, timeoutMs: 110_000 });
    browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
  });
  afterAll(async () => {
    await browser?.close();
    if (server) {
      await stopServer(server);
      removeDataDir(server);
    }
    await dns?.close();
  });

  const send = async (page: Page, method: 'POST' | 'PUT', url: string, data?: unknown) => {
    await page.request.get('/api/csrf');
    const token = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
    const res = await page.request.fetch(url, { method, data, headers: { [CSRF_HEADER]: token } });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const primaryVar = (page: Page) =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );

  it('sets up a White Label workspace whose custom domain is verified through the DNS TXT record', async () => {
    // The administrator works on the service's own address (127.0.0.1).
    const context = await browser.newContext({ ...DESKTOP, baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.request.get('/api/csrf');
    const token = (await context.cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
    const created = await page.request.post('/api/apply', {
      data: { ...user, email: `${user.username}@example.com`, plan: 'whitelabel' },
      headers: { [CSRF_HEADER]: token },
    });
    expect(created.status()).toBe(201);
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await send(page, 'PUT', '/api/branding', { productName: PRODUCT, primaryColor: COLOR });
    const claimed = await send(page, 'PUT', '/api/branding/domain', { domain: HOST });

    // The settings screen: pending, with the exact record to create.
    await page.goto('/settings/branding');
    await page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
    await page.getByText(claimed.domain.txtValue).waitFor();
    await page.getByRole('button', { name: 'Check now' }).click();
    await poll(() => page.getByTestId('domain-check-reason').textContent()).toContain('No TXT record');
    await checkA11y(page, '/settings/branding (domain pending)');
    await screenshot(page, 'branding-domain-pending');

    zone.set(claimed.domain.txtName, { TXT: [[claimed.domain.txtValue]] });
    await page.getByRole('button', { name: 'Check now' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByText(/^Verified on /).waitFor();
    await checkA11y(page, '/settings/branding (domain verified)');
    // Signed in on the service's own address, the shell shows the workspace's branding too.
    await poll(() => page.getByTestId('brand-name').first().textContent()).toBe(PRODUCT);
    await context.close();
  });

  it(`shows the product name and colour on ${HOST}/auth, and in the shell after signing in there`, async () => {
    const context = await browser.newContext({ ...DESKTOP, baseURL: `http://${HOST}:${server.port}` });
    const page = await context.newPage();
    await page.goto('/auth');
    await poll(() => page.getByTestId('brand-name').first().textContent()).toBe(PRODUCT);
    await poll(() => page.title()).toBe(PRODUCT);
    expect(await primaryVar(page)).toBe(hexToOklch(COLOR));
    // The sign-in button is painted in the brand colour (rgb of #0f766e).
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await poll(() =>
      page
        .locator('form')
        .getByRole('button', { name: 'Sign In' })
        .evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toMatch(/rgb\(15, 118, 110\)|oklch\(0\.5\d/);
    await checkA11y(page, `/auth on ${HOST}`);
    await screenshot(page, 'branding-auth-custom-domain');

    // Sessions are per host: signing in here sets a cookie for this host only.
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await poll(() => nav.getByTestId('brand-name').textContent()).toBe(PRODUCT);
    expect(await primaryVar(page)).toBe(hexToOklch(COLOR));
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'vl_sid')?.domain).toBe(HOST);
    await screenshot(page, 'branding-shell-custom-domain');
    await context.close();
  });

  it(`shows no default product name on the pages ${HOST}'s visitors and members read`, async () => {
    const context = await browser.newContext({ ...DESKTOP, baseURL: `http://${HOST}:${server.port}` });
    const page = await context.newPage();
    // The whole rendered text once the page's own content is there and the branding has arrived.
    const text = async (path: string, ready: string | RegExp) => {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      await poll(() => page.getByTestId('brand-name').first().textContent()).toBe(PRODUCT);
      return ((await page.locator('body').textContent()) ?? '') + (await page.title());
    };
    // Visitors: the public pricing and terms pages name the workspace's product.
    const pricing = await text('/pricing', 'Can I get a refund?');
    expect(pricing).toContain(`If ${PRODUCT} is not right for you`);
    expect(pricing).not.toMatch(/verilead/i);
    const terms = await text('/terms', 'Acceptance of terms');
    expect(terms).toContain(`using ${PRODUCT} you agree`);
    expect(terms).not.toMatch(/verilead/i);

    // Members: signed in on the custom domain, the webhooks card, the integrations and a campaign page.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const api = await text('/settings/api', 'Webhook-Signature');
    expect(api).not.toMatch(/verilead/i);
    const integrations = await text('/settings/integrations', `Services ${PRODUCT} connects to`);
    expect(integrations).not.toMatch(/verilead/i);
    const campaign = await text('/smartlead/campaigns/00000000-0000-4000-8000-000000000000', /not found/i);
    expect(campaign).not.toMatch(/verilead/i);
    await checkA11y(page, `/settings/api on ${HOST}`);
    await context.close();
  });

  it('keeps the default branding on the service’s own address for a visitor', async () => {
    const context = await browser.newContext({ ...DESKTOP, baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await poll(() => page.getByTestId('brand-name').first().textContent()).toBe('Verilead');
    // The stylesheet's own indigo (index.css), not the workspace's colour.
    expect(await primaryVar(page)).toMatch(/^oklch\(.* 277\)$/);
    await context.close();
  });
});
