import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, screenshot } from './axe';
import {
  chromiumAvailable,
  completeOnboardingViaApi,
  signUpViaUi,
  submitCreateAccount,
  useE2E,
} from './harness';

// Navigation where every entry names one thing (decision 0400): campaigns once, the Smartlead key under
// Settings → Integrations, tokens and webhooks under Settings → API, old addresses redirecting, and a
// not-found page inside the layout; the composer's and branding's kit controls. Each changed screen is checked with axe at desktop and 390 px.

const DESKTOP = { viewport: { width: 1440, height: 900 }, bypassCSP: true };
const PHONE = { width: 390, height: 844 };

async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(1);
  await checkA11y(page, `${name} (390 px)`);
  await page.setViewportSize(DESKTOP.viewport);
}

async function openFromUserMenu(page: Page, item: string, path: string) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await page.waitForURL((u) => u.pathname === path);
  await page.getByRole('heading', { level: 1, name: item }).waitFor();
}

describe.skipIf(!chromiumAvailable())('navigation', () => {
  const e2e = useE2E();

  it('names each thing once, keeps old addresses working and shows settings under Settings', async () => {
    const page = await e2e.newPage(DESKTOP);
    await signUpViaUi(page, 'nav');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    await nav.getByRole('link', { name: 'Help Center' }).waitFor();
    const labels = await nav.getByRole('link').allInnerTexts();
    const entries = labels.map((l) => l.trim()).filter(Boolean);
    expect(entries).toEqual(expect.arrayContaining(['Email Campaigns', 'Send to Smartlead', 'Help Center']));
    for (const gone of ['Campaign Status', 'API Settings', 'API Tokens']) expect(entries).not.toContain(gone);
    expect(new Set(entries).size).toBe(entries.length);

    for (const [old, now] of [
      ['/campaign-status', '/smartlead/campaigns'],
      ['/smartlead-settings', '/settings/integrations'],
      ['/settings/api-tokens', '/settings/api'],
    ]) {
      await page.goto(old);
      await page.waitForURL((u) => u.pathname === now);
      await page.locator('main h1').waitFor();
    }

    await page.goto('/smartlead/campaigns');
    await page.getByRole('heading', { level: 1, name: 'Email Campaigns' }).waitFor();
    await page.getByText('No campaigns yet').waitFor();
    await checkA11y(page, '/smartlead/campaigns (empty)');
    await fitsPhone(page, 'email-campaigns-empty');

    await openFromUserMenu(page, 'Integrations', '/settings/integrations');
    await page.getByRole('heading', { level: 2, name: 'Smartlead' }).waitFor();
    await page.getByLabel('API Key').waitFor();
    await screenshot(page, 'settings-integrations');
    await checkA11y(page, '/settings/integrations');
    await fitsPhone(page, 'settings-integrations');

    await openFromUserMenu(page, 'API', '/settings/api');
    await page.getByRole('heading', { name: 'Create a token' }).waitFor();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByTestId('api-access-note').waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/\b(GET|POST) \/api\//);
    await screenshot(page, 'settings-api');
    await checkA11y(page, '/settings/api');
    await fitsPhone(page, 'settings-api');

    // The usage screen no longer hides webhooks at its bottom.
    await openFromUserMenu(page, 'Usage', '/settings/usage');
    await page.getByTestId('plan-name').waitFor();
    expect(await page.getByRole('heading', { name: 'Webhooks' }).count()).toBe(0);

    // Branding on a plan without it: the file picker is disabled, and still passes axe.
    await page.goto('/settings/branding');
    expect(await page.getByLabel('Choose an image').isDisabled()).toBe(true);
    await checkA11y(page, '/settings/branding (not White Label)');
    await page.context().close();
  });

  it('shows an unknown address as not found inside the layout when signed in', async () => {
    const page = await e2e.newPage(DESKTOP);
    await signUpViaUi(page, 'nf');
    await completeOnboardingViaApi(page, {
      businessType: 'saas',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/no-such-screen');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).first().waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Page not found').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('router');
    await screenshot(page, 'not-found-signed-in');
    await checkA11y(page, '404 signed in');
    await fitsPhone(page, 'not-found-signed-in');
    await page.getByTestId('not-found').getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.context().close();
  });

  // Composer and Branding use the kit's Select and a styled file picker; the offline draft reads as
  // English and the preview shows sample values before the first verified lead.
  it('drafts and previews in the composer with kit controls, and picks a logo file', async () => {
    const page = await e2e.newPage(DESKTOP);
    await page.goto('/auth?plan=whitelabel');
    await submitCreateAccount(page, 'kit');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    await page.goto('/email-composer');
    await page.getByRole('combobox', { name: 'Saved sequences' }).waitFor();
    await page.getByLabel('What should Email 1 say?').fill('offer a free audit');
    await page.getByRole('button', { name: 'Draft', exact: true }).first().click();
    await page.getByTestId('toast').getByText('Draft ready').waitFor();
    const preview = page.getByTestId('sequence-preview');
    await preview.getByText("I'd like to offer a free audit.", { exact: false }).waitFor();
    await preview.getByText('Quick question about Acme Inc').first().waitFor();
    expect(await preview.innerText()).not.toContain('{{');
    await checkA11y(page, '/email-composer (sample preview)');
    await fitsPhone(page, 'composer-sample-preview');

    await page.goto('/settings/branding');
    const file = page.getByLabel('Choose an image');
    await file.waitFor({ state: 'attached' });
    await page.getByText('No file chosen').waitFor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByText('logo.png').waitFor();
    await page.getByAltText('Preview of the chosen logo').waitFor();
    await screenshot(page, 'branding-file-picker');
    await checkA11y(page, '/settings/branding (file chosen)');
    await fitsPhone(page, 'branding-file-picker');
    await page.context().close();
  });
});
