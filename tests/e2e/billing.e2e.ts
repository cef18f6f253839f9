import { afterAll, describe, expect, it } from 'vitest';
import { type FakeStripe, signStripePayload, startFakeStripe, stripeEvent } from '../fakes/stripe';
import { checkA11y } from './axe';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

const SECRET = 'whsec_e2e_billing';

// Billing self-service (decision 0610): from the user menu to /settings/billing; change plan with the proration
// shown first, cancel at period end, resume, and the card through Stripe's billing portal (all on the fake).
describe.skipIf(!chromiumAvailable())('billing screen', () => {
  let fake: FakeStripe;
  const e2e = useE2E(async () => {
    fake = await startFakeStripe({ prices: { price_hobby: 3999, price_pro: 49999, price_white: 99999 } });
    return {
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_PRICE_HOBBYIST: 'price_hobby',
        STRIPE_PRICE_PROFESSIONAL: 'price_pro',
        STRIPE_PRICE_WHITELABEL: 'price_white',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: fake.url,
      },
    };
  });
  afterAll(async () => {
    await fake?.close();
  });

  /** Stripe telling the server about a subscription (`type` with `object`, signed as Stripe does). */
  async function deliver(type: string, object: unknown) {
    const created = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify(stripeEvent({ type, object, created }));
    const res = await fetch(`${e2e.server.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      body: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload({ payload, secret: SECRET, timestamp: created }),
      },
    });
    expect(res.status).toBe(200);
  }

  it('changes plan after showing the proration, cancels, resumes and opens the card portal', async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await signUpViaUi(page, 'billing');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    const sub = await apiPost(page, '/api/create-subscription', { plan: 'hobbyist' });
    expect(sub.status()).toBe(200);
    const subId = (await sub.json()).subscriptionId;
    await deliver('customer.subscription.updated', fake.setStatus(subId, 'active'));

    // An upgrade link (/subscribe?plan=) for a paying user prices the change first too.
    await page.goto('/subscribe?plan=whitelabel');
    await page.getByRole('button', { name: 'Change to White Label' }).click();
    await page
      .getByRole('dialog', { name: 'Change to White Label?' })
      .getByText(/costs \$\d+/)
      .waitFor();
    await page.getByRole('button', { name: 'Keep my plan' }).click();

    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/billing');
    await page.getByRole('heading', { name: 'Hobbyist plan' }).waitFor();
    await page.getByText('$39.99 on').waitFor();
    await page.getByText('VISA ending 4242').waitFor();
    await page.getByRole('link', { name: /View invoice FAKE-/ }).waitFor();
    await checkA11y(page, '/settings/billing (active)');

    await page.getByRole('button', { name: 'Change to Professional' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change to Professional?' });
    await dialog.getByText(/The rest of this period costs \$\d+/).waitFor();
    await checkA11y(page, '/settings/billing (plan change preview)');
    await dialog.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByRole('heading', { name: 'Professional plan' }).waitFor();

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog', { name: 'Cancel your subscription?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await page.getByText('None scheduled').waitFor();
    await checkA11y(page, '/settings/billing (canceling)');
    // Keyboard: the resume button is reached and pressed without a mouse.
    await page.getByRole('button', { name: 'Resume subscription' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        timeout: 5_000,
      })
      .toBeLessThanOrEqual(1);
    await checkA11y(page, '/settings/billing (390 px)');

    await page.getByRole('button', { name: 'Update card' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/p/session/`));
    await page.getByRole('link', { name: 'Return to the app' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/billing');
    await page.getByRole('heading', { name: 'Professional plan' }).waitFor();

    // A renewal fails: every screen shows the grace period and the way to the card.
    await deliver('invoice.payment_failed', fake.failRenewal(subId));
    await page.goto('/');
    const banner = page.getByTestId('payment-issue');
    await banner.getByText('Your last payment failed').waitFor();
    await checkA11y(page, '/ (payment failed banner)');
    await banner.getByRole('link', { name: 'Update your card in Billing' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/billing');
    await page.getByRole('heading', { name: 'Your last payment failed' }).first().waitFor();
  });
});
