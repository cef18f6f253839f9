import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '../../../../tests/fakes/stripe';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { stripeCustomerEraseJob } from './customer-erase';

const DAY = 86_400_000;
const SECRET = 'whsec_self_service';
const PRICES = { price_hobby: 3999, price_pro: 49999, price_white: 99999 };

let t: TestApp;
let bare: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => t.clock().getTime(), prices: PRICES });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_self',
      STRIPE_PRICE_HOBBYIST: 'price_hobby',
      STRIPE_PRICE_PROFESSIONAL: 'price_pro',
      STRIPE_PRICE_WHITELABEL: 'price_white',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: 'https://app.verilead.test',
      SESSION_TTL_HOURS: '5000',
    },
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await fake?.close();
});

async function deliver(type: string, object: unknown) {
  const created = Math.floor(t.clock().getTime() / 1000);
  const payload = JSON.stringify(stripeEvent({ type, object, created }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signStripePayload({ payload, secret: SECRET, timestamp: created }),
    },
  });
  expect(res.statusCode).toBe(200);
}

/** A workspace paying for Hobbyist with a saved card, as after checkout. */
async function subscriber() {
  const c = new TestClient(t.app);
  const u = await c.register({ plan: 'hobbyist' });
  const { subscriptionId } = (await c.post('/api/create-subscription', { plan: 'hobbyist' })).json();
  await deliver('customer.subscription.updated', fake.setStatus(subscriptionId, 'active'));
  return { c, u, subId: subscriptionId as string };
}
const overview = async (c: TestClient) => {
  const res = await c.get('/api/billing/overview');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const hasAccess = async (c: TestClient) => (await c.get('/api/subscription-status')).json().hasAccess;

describe('billing overview', () => {
  it('says payments are not configured instead of failing', async () => {
    const c = new TestClient(bare.app);
    await c.register();
    expect(await overview(c)).toMatchObject({ configured: false, subscription: null, invoices: [] });
    expect((await c.post('/api/billing/cancel')).statusCode).toBe(503);
    expect((await c.post('/api/billing/portal')).statusCode).toBe(503);
  });

  it('shows the plan, next invoice, card and the invoice history with hosted links', async () => {
    const { c, subId } = await subscriber();
    const o = await overview(c);
    expect(o.configured).toBe(true);
    expect(o.canManage).toBe(true);
    expect(o.subscription).toMatchObject({
      id: subId,
      status: 'active',
      plan: 'hobbyist',
      cancelAtPeriodEnd: false,
    });
    expect(o.nextInvoice.total).toEqual({ amount: 3999, currency: 'usd' });
    expect(o.nextInvoice.date).toBe(o.subscription.currentPeriodEnd);
    expect(o.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(o.invoices).toHaveLength(1);
    expect(o.invoices[0]).toMatchObject({ status: 'paid', total: { amount: 3999, currency: 'usd' } });
    expect(o.invoices[0].hostedInvoiceUrl).toMatch(new RegExp(`^${fake.url}/i/in_`));
    expect(o.pastDue).toBeNull();
  });

  it("shows a member the workspace's billing and nothing of another workspace", async () => {
    const { subId } = await subscriber();
    const stranger = new TestClient(t.app);
    await stranger.register();
    const o = await overview(stranger);
    expect(o.subscription).toBeNull();
    expect(o.invoices).toEqual([]);
    expect(JSON.stringify(o)).not.toContain(subId);
    expect((await new TestClient(t.app).get('/api/billing/overview')).statusCode).toBe(401);
  });
});

describe('change plan with proration shown first', () => {
  it('previews the prorated difference, then bills exactly that preview', async () => {
    const { c, subId } = await subscriber();
    t.clock.advance(15 * DAY); // half-way through the 30-day period
    const res = await c.post('/api/billing/preview-plan', { plan: 'professional' });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    // Half a period: −3999/2 credit, +49999/2 charge.
    expect(preview.prorationTotal).toEqual({ amount: -2000 + 25000, currency: 'usd' });
    expect(preview.nextInvoiceTotal.amount).toBe(23000 + 49999);
    const done = await c.post('/api/subscription/change-plan', {
      plan: 'professional',
      prorationDate: preview.prorationDate,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().plan).toBe('professional');
    const update = fake.requests
      .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`)
      .at(-1);
    expect(update?.params).toMatchObject({
      proration_behavior: 'create_prorations',
      proration_date: String(preview.prorationDate),
    });
    const after = await overview(c);
    expect(after.subscription.plan).toBe('professional');
    expect(after.nextInvoice.total.amount).toBe(preview.nextInvoiceTotal.amount);
  });

  it('refuses a preview of the current plan and one without a subscription', async () => {
    const { c } = await subscriber();
    expect((await c.post('/api/billing/preview-plan', { plan: 'hobbyist' })).statusCode).toBe(400);
    const none = new TestClient(t.app);
    await none.register();
    expect((await none.post('/api/billing/preview-plan', { plan: 'professional' })).statusCode).toBe(409);
  });
});

describe('cancel, resume and the card', () => {
  it('cancels at the period end (access kept, no next invoice) and resumes', async () => {
    const { c, subId } = await subscriber();
    const canceled = await c.post('/api/billing/cancel');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().subscription.cancelAtPeriodEnd).toBe(true);
    expect(fake.subscription(subId).cancel_at_period_end).toBe(true);
    let o = await overview(c);
    expect(o.subscription.cancelAtPeriodEnd).toBe(true);
    expect(o.nextInvoice).toBeNull();
    t.clock.advance(8 * DAY);
    expect(await hasAccess(c)).toBe(true);
    const resumed = await c.post('/api/billing/resume');
    expect(resumed.json().subscription.cancelAtPeriodEnd).toBe(false);
    expect(fake.subscription(subId).cancel_at_period_end).toBe(false);
    o = await overview(c);
    expect(o.nextInvoice.total.amount).toBe(3999);
  });

  it('keeps data downloadable for 30 days after the subscription ends, and says until when', async () => {
    const { c, subId } = await subscriber();
    await c.post('/api/billing/cancel');
    t.clock.advance(31 * DAY);
    await deliver('customer.subscription.deleted', fake.setStatus(subId, 'canceled'));
    const o = await overview(c);
    expect(o.subscription.status).toBe('canceled');
    expect(new Date(o.dataDeletedAt).getTime()).toBe(
      Math.floor(t.clock().getTime() / 1000) * 1000 + 30 * DAY,
    );
    expect((await c.post('/api/billing/resume')).statusCode).toBe(409);
  });

  it('opens a Stripe billing portal session that returns to the billing screen', async () => {
    const { c } = await subscriber();
    const res = await c.post('/api/billing/portal');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    const created = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(created?.params.return_url).toBe('https://app.verilead.test/settings/billing');
  });

  it('lets only admins and the owner change billing', async () => {
    const owner = await subscriber();
    const member = new TestClient(t.app);
    const m = await member.register();
    await t.database.raw.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'member')",
      [owner.u.id, m.id],
    );
    await member.post('/api/workspaces/switch', { workspaceId: owner.u.id });
    expect(await overview(member)).toMatchObject({ canManage: false, subscription: { id: owner.subId } });
    for (const path of ['/api/billing/cancel', '/api/billing/resume', '/api/billing/portal']) {
      expect((await member.post(path)).statusCode).toBe(403);
    }
    expect((await member.post('/api/billing/preview-plan', { plan: 'professional' })).statusCode).toBe(403);
    expect(fake.subscription(owner.subId).cancel_at_period_end).toBe(false);
  });
});

describe('a failed renewal', () => {
  it('shows a grace period with access, then read-only access', async () => {
    const { c, subId } = await subscriber();
    t.clock.advance(30 * DAY);
    const invoice = fake.failRenewal(subId);
    await deliver('invoice.payment_failed', invoice);
    let o = await overview(c);
    expect(o.subscription.status).toBe('past_due');
    const since = new Date(o.pastDue.since).getTime();
    expect(o.pastDue).toMatchObject({
      readOnly: false,
      graceEndsAt: new Date(since + 7 * DAY).toISOString(),
    });
    expect(await hasAccess(c)).toBe(true);
    expect((await c.get('/api/subscription-status')).json().paymentIssue).toEqual({
      graceEndsAt: o.pastDue.graceEndsAt,
      readOnly: false,
    });
    // Stripe retries and fails again: the grace period still counts from the first failure.
    t.clock.advance(3 * DAY);
    await deliver('invoice.payment_failed', invoice);
    expect((await overview(c)).pastDue.since).toBe(new Date(since).toISOString());
    t.clock.advance(4 * DAY);
    o = await overview(c);
    expect(o.pastDue.readOnly).toBe(true);
    expect(await hasAccess(c)).toBe(false);
    expect((await c.get('/api/subscription-status')).json().paymentIssue.readOnly).toBe(true);
    // Paid work answers 402 with the reason and the way out; reading stays open.
    const send = await c.post('/api/smartlead/create-campaign', {
      campaignName: 'Launch',
      // Refused before any list is read: the list named need not exist.
      uploadIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(send.statusCode).toBe(402);
    expect(send.json().message).toContain('Update your card in Billing');
    expect((await c.get('/api/smartlead/settings')).statusCode).toBe(200);
    expect(o.invoices.map((i: { status: string }) => i.status)).toEqual(['open', 'paid']);
    // Paying (new card in the portal) ends it.
    fake.setStatus(subId, 'active');
    await deliver('invoice.paid', invoice);
    expect((await overview(c)).pastDue).toBeNull();
    expect(await hasAccess(c)).toBe(true);
    expect((await c.get('/api/subscription-status')).json().paymentIssue).toBeUndefined();
  });
});

describe('leaving: no workspace is deleted while it pays, and its Stripe customer goes with it', () => {
  const customerOf = async (workspaceId: string) =>
    (
      await t.database.raw.query<{ id: string }>(
        'SELECT stripe_customer_id AS id FROM billing_customers WHERE workspace_id = $1',
        [workspaceId],
      )
    )[0]?.id;
  const queuedErasures = async () =>
    (
      await t.database.raw.query<{ id: string }>(
        "SELECT data->>'customerId' AS id FROM pgboss.job WHERE name = 'stripe-customer-erase'",
      )
    ).map((r) => r.id);
  const erase = (customerId: string) =>
    stripeCustomerEraseJob.handle({ customerId }, {
      config: t.config,
      database: t.database,
      clock: t.clock,
      queue: t.queue,
      log: console,
    } as never);

  it('account deletion: refused while subscribed; after cancelling, the customer is erased at Stripe', async () => {
    const { c, u } = await subscriber();
    const workspaceId = (await c.get('/api/workspaces/current')).json().id;
    const customer = await customerOf(workspaceId);
    expect(fake.customers.has(customer)).toBe(true);
    const refused = await c.post('/api/account/delete', { password: u.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/subscription is still active/);

    await c.post('/api/billing/cancel');
    expect((await c.post('/api/account/delete', { password: u.password })).statusCode).toBe(200);
    expect(await queuedErasures()).toContain(customer);
    await erase(customer);
    expect(fake.customers.has(customer)).toBe(false);
    // Again (a retry whose first answer was lost): Stripe says it is missing, which is done.
    await expect(erase(customer)).resolves.toBeUndefined();
  });

  it('workspace deletion: refused while its subscription runs, then the customer is erased', async () => {
    const { c, u } = await subscriber();
    const [w] = await t.database.raw.query<{ id: string }>(
      "INSERT INTO workspaces (name, plan, trial_ends_at) VALUES ('Paying Co', 'hobbyist', now() + interval '7 days') RETURNING id",
    );
    await t.database.raw.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')",
      [w.id, u.id],
    );
    expect((await c.post('/api/workspaces/switch', { workspaceId: w.id })).statusCode).toBe(200);
    const { subscriptionId } = (await c.post('/api/create-subscription', { plan: 'hobbyist' })).json();
    await deliver('customer.subscription.updated', fake.setStatus(subscriptionId, 'active'));
    const customer = await customerOf(w.id);

    const refused = await c.request('DELETE', '/api/workspaces/current', { confirmName: 'Paying Co' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/subscription is still active/);
    await c.post('/api/billing/cancel');
    const deleted = await c.request('DELETE', '/api/workspaces/current', { confirmName: 'Paying Co' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await queuedErasures()).toContain(customer);
    await erase(customer);
    expect(fake.customers.has(customer)).toBe(false);
  });
});
