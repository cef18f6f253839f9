import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '../../../../tests/fakes/stripe';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { AppError } from '../../platform/http/errors';
import { findWorkspacePlan } from '../workspaces';
import { assertHasAccess } from './access';
import { billingCustomers } from './schema';

const DAY = 86_400_000;
const WEBHOOK_SECRET = 'whsec_billing_test';
let t: TestApp;
let bare: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => t.clock().getTime() });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_billing',
      STRIPE_PRICE_ID: 'price_pro',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      // The clock moves past the trial; sessions must outlive it.
      SESSION_TTL_HOURS: '2000',
    },
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await fake?.close();
});

async function signedIn(app = t) {
  const c = new TestClient(app.app);
  const u = await c.register();
  return { c, u };
}
const status = async (c: TestClient) => (await c.get('/api/subscription-status')).json();
const hasAccessNow = async (workspaceId: string) =>
  assertHasAccess({
    db: t.database.db,
    workspace: (await findWorkspacePlan(t.database.db, workspaceId))!,
    now: t.clock(),
  }).then(
    () => true,
    (err: AppError) => {
      expect(err).toBeInstanceOf(AppError);
      expect(err.statusCode).toBe(402);
      expect(err.extra).toEqual({ upgradeUrl: '/subscribe' });
      return false;
    },
  );
async function deliver(type: string, object: unknown, createdOffset = 0) {
  const created = Math.floor(t.clock().getTime() / 1000) + createdOffset;
  const payload = JSON.stringify(stripeEvent({ type, object, created }));
  const signature = signStripePayload({ payload, secret: WEBHOOK_SECRET, timestamp: created });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(res.statusCode).toBe(200);
}

describe('trial and access', () => {
  it('grants 7 days from registration, then refuses new paid work with a 402 and the upgrade path', async () => {
    const { c, u } = await signedIn();
    const start = await status(c);
    expect(start).toMatchObject({ hasAccess: true, trialEnded: false });
    expect(new Date(start.trialEndDate).getTime() - t.clock().getTime()).toBe(7 * DAY);
    expect(await hasAccessNow(u.id)).toBe(true);

    t.clock.advance(7 * DAY - 60_000);
    expect(await status(c)).toMatchObject({ hasAccess: true, trialEnded: false });
    expect(await hasAccessNow(u.id)).toBe(true);

    t.clock.advance(60_000);
    const after = await status(c);
    expect(after).toEqual({ hasAccess: false, trialEnded: true, trialEndDate: start.trialEndDate });
    expect(await hasAccessNow(u.id)).toBe(false);
  });

  it('blocks starting paid work through a real route after day 7, keeps reading open, and unblocks on payment', async () => {
    const { c } = await signedIn();
    const send = () =>
      c.post('/api/smartlead/create-campaign', {
        campaignName: 'Launch',
        // Refused before any list is read: the list named need not exist.
        uploadIds: ['00000000-0000-4000-8000-000000000000'],
      });
    // During the trial the send gets past the access check (and stops at the missing Smartlead key).
    const during = await send();
    expect(during.statusCode).toBe(400);
    const { subscriptionId } = (await c.post('/api/create-subscription')).json();

    t.clock.advance(7 * DAY);
    const after = await send();
    expect(after.statusCode).toBe(402);
    expect(after.json()).toMatchObject({ upgradeUrl: '/subscribe' });
    expect(after.json().message).toContain('Upgrade to the Pro plan');
    expect((await c.get('/api/smartlead/settings')).statusCode).toBe(200);
    expect((await c.get('/api/smartlead/verified-emails')).statusCode).toBe(200);

    await deliver('customer.subscription.updated', fake.setStatus(subscriptionId, 'active'));
    expect((await send()).statusCode).toBe(400);
  });

  it('answers only for the signed-in user', async () => {
    const res = await new TestClient(t.app).get('/api/subscription-status');
    expect(res.statusCode).toBe(401);
  });
});

describe('create-subscription', () => {
  it('creates a customer and an incomplete subscription, and reuses both on reload', async () => {
    const { c, u } = await signedIn();
    const customersBefore = fake.count('POST', '/v1/customers');
    const subsBefore = fake.count('POST', '/v1/subscriptions');

    const first = await c.post('/api/create-subscription');
    expect(first.statusCode).toBe(200);
    const { clientSecret, subscriptionId } = first.json();
    expect(clientSecret).toMatch(/^pi_.+_secret_.+$/);

    const sub = fake.subscriptions.get(subscriptionId);
    expect(sub).toMatchObject({ status: 'incomplete', metadata: { userId: u.id } });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1);
    expect(created?.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      items: [{ price: 'price_pro' }],
      expand: ['latest_invoice.confirmation_secret'],
    });
    const [stored] = await t.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.workspaceId, u.id));
    expect(stored.stripeCustomerId).toBe(sub?.customer);

    const again = await c.post('/api/create-subscription');
    expect(again.json()).toEqual({ clientSecret, subscriptionId });
    expect(fake.count('POST', '/v1/customers')).toBe(customersBefore + 1);
    expect(fake.count('POST', '/v1/subscriptions')).toBe(subsBefore + 1);
    // An incomplete subscription is no access.
    t.clock.advance(8 * DAY);
    expect((await status(c)).hasAccess).toBe(false);
  });

  it('replaces a customer deleted in Stripe', async () => {
    const { c, u } = await signedIn();
    const first = (await c.post('/api/create-subscription')).json();
    const oldCustomer = fake.subscriptions.get(first.subscriptionId)?.customer as string;
    fake.customers.delete(oldCustomer);
    const second = await c.post('/api/create-subscription');
    expect(second.statusCode).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.workspaceId, u.id));
    expect(stored.stripeCustomerId).not.toBe(oldCustomer);
    expect(fake.subscriptions.get(second.json().subscriptionId)?.customer).toBe(stored.stripeCustomerId);
  });

  it('restores access once Stripe reports the subscription active, and refuses a second one', async () => {
    const { c, u } = await signedIn();
    const { subscriptionId } = (await c.post('/api/create-subscription')).json();
    t.clock.advance(8 * DAY);
    expect(await hasAccessNow(u.id)).toBe(false);

    await deliver('customer.subscription.updated', fake.setStatus(subscriptionId, 'active'));
    expect(await status(c)).toMatchObject({ hasAccess: true, trialEnded: true });
    expect(await hasAccessNow(u.id)).toBe(true);

    const dup = await c.post('/api/create-subscription');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('You already have an active subscription.');

    await deliver('customer.subscription.deleted', fake.setStatus(subscriptionId, 'canceled'), 5);
    expect((await status(c)).hasAccess).toBe(false);
  });

  it("keeps tenants apart: one user's payment never unlocks another", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const subA = (await a.c.post('/api/create-subscription')).json().subscriptionId;
    const subB = (await b.c.post('/api/create-subscription')).json().subscriptionId;
    expect(subA).not.toBe(subB);
    expect(fake.subscriptions.get(subA)?.customer).not.toBe(fake.subscriptions.get(subB)?.customer);
    t.clock.advance(8 * DAY);

    // A's subscription, even if its metadata claimed B, belongs to A's customer.
    const forged = { ...fake.setStatus(subA, 'active'), metadata: { userId: b.u.id } };
    await deliver('customer.subscription.updated', forged);
    expect((await status(a.c)).hasAccess).toBe(true);
    expect((await status(b.c)).hasAccess).toBe(false);
    expect(await hasAccessNow(b.u.id)).toBe(false);
  });

  it("bills the workspace: an admin's checkout pays for every member there, and for no one's own", async () => {
    const owner = await signedIn();
    const admin = await signedIn();
    await t.database.raw.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'admin')",
      [owner.u.id, admin.u.id],
    );
    await admin.c.post('/api/workspaces/switch', { workspaceId: owner.u.id });
    const { subscriptionId } = (await admin.c.post('/api/create-subscription')).json();
    const [stored] = await t.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.workspaceId, owner.u.id));
    expect(fake.subscriptions.get(subscriptionId)?.customer).toBe(stored.stripeCustomerId);
    expect(fake.customers.get(stored.stripeCustomerId)).toMatchObject({
      email: admin.u.email,
      metadata: { workspaceId: owner.u.id, userId: admin.u.id },
    });
    t.clock.advance(8 * DAY);
    await deliver('customer.subscription.updated', fake.setStatus(subscriptionId, 'active'));
    expect((await status(owner.c)).hasAccess).toBe(true);
    expect((await status(admin.c)).hasAccess).toBe(true);
    await admin.c.post('/api/workspaces/switch', { workspaceId: admin.u.id });
    expect((await status(admin.c)).hasAccess).toBe(false);
  });

  it('requires a signed-in user', async () => {
    const res = await new TestClient(t.app).post('/api/create-subscription');
    expect(res.statusCode).toBe(401);
  });

  it('serves the publishable key from configuration', async () => {
    const res = await new TestClient(t.app).get('/api/stripe/config');
    expect(res.json()).toEqual({ publishableKey: 'pk_test_billing' });
  });
});

describe('without Stripe configured', () => {
  it('answers a clear 503 instead of crashing, and the trial still works', async () => {
    const { c } = await signedIn(bare);
    const res = await c.post('/api/create-subscription');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Payments are not configured',
      code: 'not_configured',
    });
    expect((await c.get('/api/stripe/config')).statusCode).toBe(503);
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(hook.statusCode).toBe(503);
    expect((await status(c)).hasAccess).toBe(true);
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    const down = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_down',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_down',
        STRIPE_PRICE_ID: 'price_pro',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const { c } = await signedIn(down);
      const res = await c.post('/api/create-subscription');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('The payment provider could not be reached. Please try again.');
    } finally {
      await down.close();
    }
  });
});
