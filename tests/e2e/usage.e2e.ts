import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReceiver, startFakeReceiver } from '../fakes/webhook-receiver';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// The usage screen (decision 0600): reached from the user menu; plan and this month's usage against its limits,
// the 6-month chart; then Settings → API, where a webhook endpoint receives a signed test event.
describe.skipIf(!chromiumAvailable())('usage screen', () => {
  let rx: FakeReceiver;
  const e2e = useE2E(async () => {
    rx = await startFakeReceiver();
    return { env: { SAFE_FETCH_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '200' } };
  });
  afterAll(async () => {
    await rx?.close();
  });

  it('shows usage against the plan, webhooks only with White Label, and an endpoint gets a test event', async () => {
    const page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await signUpViaUi(page, 'usage');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    // One list verified this month: addresses that fail the syntax check need no network.
    const upload = await apiPost(page, '/api/upload', undefined, {
      multipart: {
        csvFile: { name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from('email\nnot-an-address\n') },
      },
    });
    expect(upload.status()).toBe(201);
    expect((await apiPost(page, `/api/verify/${(await upload.json()).uploadId}`)).status()).toBe(200);

    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Usage' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/usage');
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();

    await expect.poll(() => page.getByTestId('plan-name').textContent()).toContain('Hobbyist');
    const meter = page.getByTestId('meter-verification');
    await expect.poll(() => meter.textContent()).toMatch(/1\s*\/\s*20/);
    expect(await meter.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    await page.getByTestId('usage-chart').locator('.recharts-bar-rectangle').first().waitFor();

    // Tokens and webhooks live under Settings → API (decision 0400), linked from the plan card.
    await page.getByRole('link', { name: 'Tokens and webhooks' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/api');
    await page.getByText('No tokens yet.').waitFor();
    // Webhooks are part of the API: the Hobbyist plan may not add an endpoint (decision 0830).
    await page.getByLabel('Endpoint URL').fill(rx.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page
      .getByText(/Webhooks are part of the White Label plan/)
      .first()
      .waitFor();
    expect(await page.getByTestId('webhook-endpoint').count()).toBe(0);

    // A White Label workspace (its trial) adds one and sends it a test event.
    const wl = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const name = `usagewl${Date.now().toString(36)}`;
    const made = await apiPost(wl, '/api/apply', {
      username: name,
      email: `${name}@example.com`,
      password: 'correct-horse-42',
      plan: 'whitelabel',
    });
    expect(made.status()).toBe(201);
    await completeOnboardingViaApi(wl, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await wl.goto('/settings/api');
    await usageWebhook(wl);

    // Phones: the screen stays usable at 390 px without horizontal scrolling of the page.
    await page.setViewportSize({ width: 390, height: 844 });
    // The resize reaches layout a few frames later: ask until it has (or 5 s pass).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        timeout: 5_000,
      })
      .toBeLessThanOrEqual(1);
  });

  async function usageWebhook(page: Page) {
    await page.getByLabel('Endpoint URL').fill(rx.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByTestId('webhook-secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhook-endpoint').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const row = page.getByTestId('delivery-row').first();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Delivered');
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0].headers['verilead-event']).toBe('test');
  }
});
