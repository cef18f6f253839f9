import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API_RULE,
  listsLimitText,
  PLAN_ROWS,
  PLAN_TABLE,
  PLANS,
  planAmount,
  planFeatures,
  planPrice,
} from '../../src/shared/plans';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { checkA11y, screenshot } from './axe';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, submitCreateAccount, useE2E } from './harness';

// One price story (decision 0600): every page that names a price or a limit agrees with the shared plan
// table, and the API's availability on screen is what the API gate answers.

const AMOUNTS = new Set(PLANS.map(planAmount));
const LIMITS = new Set(PLAN_ROWS.flatMap((p) => [p.lists, p.scrapes]).filter((n) => n !== null));

/** No price but the table's and no counted limit but the table's anywhere on the page. */
async function agreesWithTable(page: Page, where: string) {
  // The usage chart's axis and legend ("Nov 2026 · Instagram scrapes") state no limit.
  // Lines stay apart for the limit check: "resets 1 Dec 2026" ends one card, "Instagram scrapes" opens the next.
  const lines = (
    await page.evaluate(() => {
      const charts = [...document.querySelectorAll<HTMLElement>('.recharts-wrapper')];
      for (const c of charts) c.style.display = 'none';
      const all = document.body.innerText;
      for (const c of charts) c.style.display = '';
      return all;
    })
  ).replace(/[^\S\n]+/g, ' ');
  const text = lines.replace(/\s+/g, ' ');
  for (const [amount] of text.matchAll(/\$\d[\d,]*(\.\d+)?/g)) {
    expect(AMOUNTS.has(amount), `${where}: ${amount} is not a price of the plan table`).toBe(true);
  }
  const counted =
    /(?<![\d/.-])\b(\d+) (?:lists?|list verifications?|email verifications?|Instagram scrapes?)\b/g;
  for (const m of lines.matchAll(counted)) {
    const around = lines.slice(Math.max(0, m.index - 60), m.index + 60);
    expect(LIMITS.has(Number(m[1])), `${where}: "${m[0]}" is not a limit of the plan table (${around})`).toBe(
      true,
    );
  }
  expect(text, where).not.toMatch(/unlimited \$|Pro Plan|per month/i);
  return text;
}

async function expectPlanCards(page: Page, where: string) {
  for (const plan of PLANS) {
    const card = (await page.getByTestId(`plan-card-${plan}`).innerText()).replace(/\s+/g, ' ');
    expect(card, where).toContain(PLAN_TABLE[plan].name);
    expect(card, where).toContain(planAmount(plan));
    for (const line of planFeatures(plan)) expect(card, `${where} ${plan}`).toContain(line);
  }
}

// Stripe.js cannot load without the internet: a stand-in answers what react-stripe-js calls, so the
// payment form (price, pay button) renders around an empty card field.
const STRIPE_JS = `window.Stripe = function () {
  const noop = function () {};
  return {
    _registerWrapper: noop, registerAppInfo: noop, createToken: noop, createPaymentMethod: noop,
    confirmCardPayment: noop,
    confirmPayment: function () { return Promise.resolve({ error: { message: 'test double' } }); },
    elements: function () {
      return {
        update: noop, getElement: function () { return null; },
        create: function () {
          return {
            on: function (event, cb) { if (event === 'ready') setTimeout(function () { cb({}); }, 0); },
            off: noop, update: noop, destroy: noop, unmount: noop,
            mount: function (node) { node.textContent = 'Card details'; },
          };
        },
      };
    },
  };
};`;

// bypassCSP: axe is injected as a script tag.
const DESKTOP = { viewport: { width: 1280, height: 900 }, bypassCSP: true };

describe.skipIf(!chromiumAvailable())('one price story', () => {
  let fake: FakeStripe;
  const e2e = useE2E(async () => {
    fake = await startFakeStripe();
    return {
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_plans',
        STRIPE_API_URL: fake.url,
        STRIPE_PRICE_ID: '',
        STRIPE_PRICE_HOBBYIST: 'price_hobbyist',
        STRIPE_PRICE_PROFESSIONAL: 'price_professional',
        STRIPE_PRICE_WHITELABEL: 'price_whitelabel',
      },
    };
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('shows the plan table on the public pages: landing, pricing, sign-up banner and terms', async () => {
    const page = await e2e.newPage(DESKTOP);
    await page.goto('/');
    await page.getByTestId('plan-card-hobbyist').waitFor();
    await expectPlanCards(page, 'landing');
    await agreesWithTable(page, 'landing');

    await page.goto('/pricing');
    await page.getByTestId('plan-card-hobbyist').waitFor();
    await expectPlanCards(page, 'pricing');
    expect(await agreesWithTable(page, 'pricing')).toContain(API_RULE);
    await checkA11y(page, '/pricing');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pricing-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    for (const plan of PLANS) {
      await page.goto(`/auth?plan=${plan}`);
      const banner = (await page.getByTestId('plan-banner').innerText()).replace(/\s+/g, ' ');
      expect(banner).toContain(PLAN_TABLE[plan].name);
      expect(banner).toContain(planPrice(plan));
      expect(banner).toContain(listsLimitText(plan));
      await agreesWithTable(page, `/auth?plan=${plan}`);
    }

    await page.goto('/terms');
    const terms = await page.getByTestId('terms-prices').innerText();
    for (const p of PLAN_ROWS) expect(terms).toContain(`${p.name}: ${planPrice(p.id)}`);
    await agreesWithTable(page, 'terms');
    await page.context().close();
  });

  it('shows the same plan, limits and API rule on usage, API tokens and the payment form, as the gate enforces', async () => {
    const page = await e2e.newPage(DESKTOP);
    await page.goto('/auth?plan=hobbyist');
    await submitCreateAccount(page, 'plans');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });

    await page.goto('/settings/usage');
    await page.getByTestId('plan-limits').waitFor();
    await expect.poll(() => page.getByTestId('plan-name').textContent()).toContain('Hobbyist');
    expect(await page.getByTestId('plan-limits').textContent()).toContain(listsLimitText('hobbyist'));
    expect(await page.getByTestId('plan-api').textContent()).toContain(API_RULE);
    await expect.poll(() => page.getByTestId('meter-verification').textContent()).toMatch(/0\s*\/\s*20/);
    await agreesWithTable(page, 'usage');

    // Billing (its plan list and subscription card) names prices too.
    await page.goto('/settings/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await page.getByLabel('Loading billing').waitFor({ state: 'detached' });
    await agreesWithTable(page, 'billing');

    await page.goto('/settings/api');
    const note = page.getByTestId('api-access-note');
    await note.waitFor();
    await expect.poll(() => note.textContent()).toContain('does not include the API');
    // The gate says the same: a Hobbyist trial's token is refused.
    const made = await apiPost(page, '/api/api-tokens', { name: 'script' });
    const { token } = await made.json();
    const call = await page.request.get('/api/v1/lists', { headers: { authorization: `Bearer ${token}` } });
    expect(call.status()).toBe(403);

    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS }),
    );
    await page.goto('/subscribe?plan=professional');
    await page.getByRole('button', { name: `Subscribe for ${planPrice('professional')}` }).waitFor();
    const form = await agreesWithTable(page, 'payment form');
    expect(form).toContain(`Subscribe to ${PLAN_TABLE.professional.name}`);
    expect(form).toContain(planAmount('professional'));
    for (const line of planFeatures('professional')) expect(form).toContain(line);
    expect(fake.count('POST', '/v1/subscriptions')).toBe(1);
    await checkA11y(page, '/subscribe payment form');
    await page.context().close();
  });
});
