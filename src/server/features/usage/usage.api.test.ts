import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '../../../../tests/fakes/stripe';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { monthOf } from './quota';

const WEBHOOK_SECRET = 'whsec_usage_test';
let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_usage',
      STRIPE_PRICE_HOBBYIST: 'price_hobbyist',
      STRIPE_PRICE_PROFESSIONAL: 'price_professional',
      STRIPE_PRICE_WHITELABEL: 'price_whitelabel',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      // Scrape starts only queue a job here (no worker), so any token will do.
      APIFY_TOKEN: 'apify_test',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function setUsed(userId: string, kind: string, count: number, month = monthOf(t.clock())) {
  await t.database.raw.query(
    `INSERT INTO usage_counters (workspace_id, month, kind, count) VALUES ($1, $2::date, $3, $4)
     ON CONFLICT (workspace_id, month, kind) DO UPDATE SET count = EXCLUDED.count`,
    [userId, month, kind, count],
  );
}
const uploadsOf = (userId: string) =>
  t.database.raw.query<{ id: string; status: string }>(
    'SELECT id, status FROM uploads WHERE workspace_id = $1',
    [userId],
  );

async function deliver(type: string, object: unknown) {
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify(stripeEvent({ type, object, created }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signStripePayload({ payload, secret: WEBHOOK_SECRET, timestamp: created }),
    },
  });
  expect(res.statusCode).toBe(200);
}

describe('plans', () => {
  it('stores and shows the plan chosen at sign-up, with its limits', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'professional' });
    const plan = (await c.get('/api/billing/plan')).json();
    expect(plan).toMatchObject({
      plan: 'professional',
      chosenPlan: 'professional',
      planName: 'Professional',
      status: 'trial',
      limits: { verification: null, scrape: null, find: 10_000 },
      // The API is White Label's, its trial included (shared/plans.ts): a Professional trial has none.
      apiAccess: false,
      subscription: null,
    });
    const h = new TestClient(t.app);
    await h.register({ plan: 'hobbyist' });
    expect((await h.get('/api/billing/plan')).json().limits).toEqual({
      verification: 20,
      scrape: 20,
      find: 500,
    });
  });
});

describe('quotas', () => {
  it('counts one verification per list started, and refuses the 21st of a Hobbyist month with a 402 that loses nothing', async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'hobbyist' });
    await setUsed(u.id, 'verification', 19);
    const first = (await uploadCsv(c, 'a.csv', 'email\na@example.com\nb@example.com\n')).json();
    expect((await c.post(`/api/verify/${first.uploadId}`)).statusCode).toBe(200);
    // Starting the same list again is not a second verification.
    expect((await c.post(`/api/verify/${first.uploadId}`)).json().started).toBe(false);
    const usage = (await c.get('/api/usage')).json();
    expect(usage.counters.find((x: { kind: string }) => x.kind === 'verification')).toEqual({
      kind: 'verification',
      used: 20,
      // Credits are charged as rows end (decision 0890): this run has reserved its two, none ended yet.
      units: 0,
      limit: 20,
    });
    expect((await c.get('/api/usage/credits')).json()).toMatchObject({ charged: 0, reserved: 2 });

    const second = (await uploadCsv(c, 'b.csv', 'email\nc@example.com\n')).json();
    const refused = await c.post(`/api/verify/${second.uploadId}`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      kind: 'verification',
      used: 20,
      limit: 20,
      plan: 'hobbyist',
      upgradePlan: 'professional',
      upgradeUrl: '/subscribe?plan=professional',
    });
    expect(refused.json().message).toMatch(/used all 20 list verifications of the Hobbyist plan/);
    // Nothing already done is lost: the upload stays, waiting, with its rows readable.
    const status = (await c.get(`/api/upload/${second.uploadId}/status`)).json();
    expect(status.status).toBe('pending');
    expect((await c.get(`/api/upload/${second.uploadId}/results`)).json().pagination.total).toBe(1);
  });

  // Only White Label (unlimited) has the API (shared/plans.ts): a limited plan's token is refused by the
  // plan gate before any quota is read or anything stored.
  it('refuses an API list of a plan without the API, stores nothing and counts nothing', async () => {
    const u = await apiUser(t.app, 'hobbyist');
    const api = bearer(t.app, (await u.token()).token);
    await setUsed(u.user.id, 'verification', 3);
    const res = await api.post('/api/v1/lists', { emails: ['a@example.com', 'b@example.com'] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ upgradePlan: 'whitelabel' });
    expect((await api.post('/api/v1/verify', { email: 'a@example.com' })).statusCode).toBe(403);
    expect(await uploadsOf(u.user.id)).toHaveLength(0);
    const usage = (await u.web.get('/api/usage')).json();
    expect(usage.counters.find((x: { kind: string }) => x.kind === 'verification').used).toBe(3);
  });

  it('gives the last unit to exactly one of two simultaneous starts', async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'hobbyist' });
    await setUsed(u.id, 'verification', 19);
    const a = (await uploadCsv(c, 'a.csv', 'email\na@example.com\n')).json();
    const b = (await uploadCsv(c, 'b.csv', 'email\nb@example.com\n')).json();
    const codes = (
      await Promise.all([c.post(`/api/verify/${a.uploadId}`), c.post(`/api/verify/${b.uploadId}`)])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 402]);
    const statuses = (await uploadsOf(u.id)).map((r) => r.status).sort();
    expect(statuses).toEqual(['pending', 'processing']);
  });

  it('counts one scrape per scrape job and refuses past the limit', async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'hobbyist' });
    await setUsed(u.id, 'scrape', 19);
    const body = { keywords: ['bakery'], location: 'United States', maxItems: 10, mode: 'keyword' };
    expect((await c.post('/api/scrape-instagram', body)).statusCode).toBe(201);
    const refused = await c.post('/api/scrape-instagram', body);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ kind: 'scrape', used: 20, limit: 20 });
    expect((await c.get('/api/scrape-jobs')).json()).toHaveLength(1);
  });

  it('meters unlimited plans too, and shows six months of history', async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'professional' });
    const now = t.clock();
    const twoMonthsAgo = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)));
    await setUsed(u.id, 'scrape', 7, twoMonthsAgo);
    await setUsed(u.id, 'verification', 150);
    const first = (await uploadCsv(c, 'a.csv', 'email\na@example.com\n')).json();
    expect((await c.post(`/api/verify/${first.uploadId}`)).statusCode).toBe(200);
    const usage = (await c.get('/api/usage')).json();
    expect(usage.counters[0]).toMatchObject({ kind: 'verification', used: 151, limit: null });
    expect(usage.history).toHaveLength(6);
    expect(usage.history[5]).toMatchObject({ month: monthOf(now).slice(0, 7), verification: 151 });
    expect(usage.history[3]).toMatchObject({ month: twoMonthsAgo.slice(0, 7), scrape: 7 });
  });
});

describe('plan changes through Stripe', () => {
  it('charges the plan picked, then upgrades and downgrades it on the same subscription', async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'hobbyist' });
    const created = await c.post('/api/create-subscription', { plan: 'professional' });
    expect(created.statusCode).toBe(200);
    const subId = created.json().subscriptionId;
    expect(fake.subscriptions.get(subId)?.items.data[0].price).toMatchObject({ id: 'price_professional' });
    // Paid: Stripe says active, the webhook mirrors it.
    await deliver('customer.subscription.updated', fake.setStatus(subId, 'active'));
    let plan = (await c.get('/api/billing/plan')).json();
    expect(plan).toMatchObject({
      plan: 'professional',
      status: 'active',
      chosenPlan: 'professional',
      apiAccess: false,
    });

    const up = await c.post('/api/subscription/change-plan', { plan: 'whitelabel' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ plan: 'whitelabel', apiAccess: true, limits: { verification: null } });
    expect(fake.subscriptions.get(subId)?.items.data[0].price).toMatchObject({ id: 'price_whitelabel' });
    expect(
      [...fake.subscriptions.values()].filter((s) => s.customer === fake.subscriptions.get(subId)?.customer),
    ).toHaveLength(1);

    // A downgrade made in Stripe's dashboard reaches us by webhook only.
    const sub = fake.subscription(subId);
    sub.items.data[0].price = { id: 'price_hobbyist', object: 'price' };
    fake.subscriptions.set(subId, sub);
    await deliver('customer.subscription.updated', fake.subscription(subId));
    plan = (await c.get('/api/billing/plan')).json();
    expect(plan).toMatchObject({ plan: 'hobbyist', limits: { verification: 20, scrape: 20 } });
    expect(u.id).toBeTruthy();
  });

  it('refuses a plan change without an active subscription', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const res = await c.post('/api/subscription/change-plan', { plan: 'whitelabel' });
    expect(res.statusCode).toBe(409);
    expect((await c.post('/api/subscription/change-plan', { plan: 'gold' })).statusCode).toBe(400);
  });
});
