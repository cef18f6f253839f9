import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeStripe,
  signStripePayload,
  startFakeStripe,
  stripeEvent,
} from '../../../../tests/fakes/stripe';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { PAYMENT_GRACE_DAYS } from '../../../shared/billing';
import { stripeEvents, subscriptions } from './schema';

const DAY = 86_400_000;
const SECRET = 'whsec_webhook_test';
let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => t.clock().getTime() });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_webhook',
      STRIPE_PRICE_ID: 'price_pro',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      SESSION_TTL_HOURS: '2000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const nowS = () => Math.floor(t.clock().getTime() / 1000);

function post(payload: string, signature?: string, contentType = 'application/json') {
  // No cookies and no CSRF header: Stripe sends neither.
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}
function send(event: ReturnType<typeof stripeEvent>, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  return post(
    payload,
    signStripePayload({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp ?? nowS() }),
  );
}

/** A trial-expired user with an incomplete subscription created through the API. */
async function subscriber() {
  const c = new TestClient(t.app);
  const u = await c.register();
  const { subscriptionId } = (await c.post('/api/create-subscription')).json();
  t.clock.advance(8 * DAY);
  return { c, u, subId: subscriptionId as string };
}
const stored = async (subId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subId)))[0];
const access = async (c: TestClient) => (await c.get('/api/subscription-status')).json().hasAccess;
const subEvent = (type: string, object: unknown, created: number) => stripeEvent({ type, object, created });

describe('signature', () => {
  it('accepts a correctly signed payload without a CSRF token, and records the event', async () => {
    const { c, subId } = await subscriber();
    const event = subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), nowS());
    const res = await send(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await access(c)).toBe(true);
    const [row] = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(row.type).toBe('customer.subscription.updated');
  });

  it("accepts a header made by the stripe library's own test helper", async () => {
    const { c, subId } = await subscriber();
    const payload = JSON.stringify(
      subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), nowS()),
    );
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() });
    expect((await post(payload, header)).statusCode).toBe(200);
    expect(await access(c)).toBe(true);
  });

  it.each<[string, { secret?: string; timestamp?: number }]>([
    ['a wrong secret', { secret: 'whsec_wrong' }],
    ['a stale timestamp (replayed later)', { timestamp: -600 }],
  ])('refuses %s with 400 and changes nothing', async (_name, over) => {
    const { c, subId } = await subscriber();
    const event = subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), nowS());
    const timestamp = over.timestamp ? nowS() + over.timestamp : undefined;
    const res = await send(event, { secret: over.secret, timestamp });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid webhook signature');
    expect(await access(c)).toBe(false);
  });

  it('refuses a tampered body and a missing signature', async () => {
    const { c, subId } = await subscriber();
    const payload = JSON.stringify(
      subEvent('customer.subscription.updated', fake.subscription(subId), nowS()),
    );
    const signature = signStripePayload({ payload, secret: SECRET, timestamp: nowS() });
    const tampered = payload.replace('"incomplete"', '"active"');
    expect(tampered).not.toBe(payload);
    expect((await post(tampered, signature)).statusCode).toBe(400);
    // Re-serialising the JSON (whitespace) breaks the signature too: the raw bytes are what count.
    expect((await post(JSON.stringify(JSON.parse(payload), null, 2), signature)).statusCode).toBe(400);
    const missing = await post(payload);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing Stripe-Signature header');
    expect(await access(c)).toBe(false);
  });

  it('reads the raw body whatever the content type', async () => {
    const { c, subId } = await subscriber();
    const payload = JSON.stringify(
      subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), nowS()),
    );
    const signature = signStripePayload({ payload, secret: SECRET, timestamp: nowS() });
    expect((await post(payload, signature, 'application/json; charset=utf-8')).statusCode).toBe(200);
    expect(await access(c)).toBe(true);
  });
});

describe('delivery order and replays', () => {
  it('acknowledges a replayed event without applying it again', async () => {
    const { c, subId } = await subscriber();
    const activated = subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), nowS());
    expect((await send(activated)).json()).toEqual({ received: true });
    const lapsed = subEvent('customer.subscription.updated', fake.setStatus(subId, 'past_due'), nowS() + 10);
    await send(lapsed);
    expect((await stored(subId)).status).toBe('past_due');
    // Stripe redelivers the first event (newly signed, same id): acknowledged, skipped.
    const replay = await send(activated);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await stored(subId)).status).toBe('past_due');
    // Past due keeps access only through the grace period.
    t.clock.advance(PAYMENT_GRACE_DAYS * DAY + 60_000);
    expect(await access(c)).toBe(false);
  });

  it('does not let an older event overwrite a newer state', async () => {
    const { c, subId } = await subscriber();
    const created = subEvent('customer.subscription.created', fake.subscription(subId), nowS());
    const updated = subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), nowS() + 3);
    await send(updated);
    await send(created);
    expect((await stored(subId)).status).toBe('active');
    expect(await access(c)).toBe(true);
  });

  it('prefers the later stage when two events share one second', async () => {
    const { c, subId } = await subscriber();
    const second = nowS();
    const created = subEvent('customer.subscription.created', fake.subscription(subId), second);
    const updated = subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), second);
    await send(updated);
    await send(created);
    expect((await stored(subId)).status).toBe('active');
    expect(await access(c)).toBe(true);
  });

  it('never revives a canceled subscription', async () => {
    const { c, subId } = await subscriber();
    const active = subEvent('customer.subscription.updated', fake.setStatus(subId, 'active'), nowS() + 10);
    const deleted = subEvent('customer.subscription.deleted', fake.setStatus(subId, 'canceled'), nowS() + 20);
    await send(deleted);
    await send(active);
    expect((await stored(subId)).status).toBe('canceled');
    expect(await access(c)).toBe(false);
  });
});

describe('invoice events', () => {
  it('invoice.paid mirrors the subscription fetched from Stripe', async () => {
    const { c, subId } = await subscriber();
    fake.setStatus(subId, 'active');
    const retrievals = fake.count('GET', `/v1/subscriptions/${subId}`);
    const res = await send(subEvent('invoice.paid', fake.invoiceFor(subId), nowS()));
    expect(res.statusCode).toBe(200);
    expect(fake.count('GET', `/v1/subscriptions/${subId}`)).toBe(retrievals + 1);
    expect((await stored(subId)).status).toBe('active');
    expect(await access(c)).toBe(true);
  });

  it('invoice.payment_failed starts the grace period; access ends with it', async () => {
    const { c, subId } = await subscriber();
    await send(subEvent('invoice.payment_succeeded', fake.invoiceFor(subId), nowS()));
    expect(await access(c)).toBe(false); // still incomplete in Stripe: nothing granted
    fake.setStatus(subId, 'active');
    await send(subEvent('invoice.paid', fake.invoiceFor(subId), nowS() + 1));
    expect(await access(c)).toBe(true);
    fake.setStatus(subId, 'past_due');
    await send(subEvent('invoice.payment_failed', fake.invoiceFor(subId), nowS() + 40));
    expect((await stored(subId)).status).toBe('past_due');
    expect(await access(c)).toBe(true);
    t.clock.advance(PAYMENT_GRACE_DAYS * DAY + 40_000);
    expect(await access(c)).toBe(false);
  });

  it('acknowledges events it does not use and subscriptions of unknown customers', async () => {
    const other = { ...fake.subscription([...fake.subscriptions.keys()][0]), id: 'sub_elsewhere' };
    other.customer = 'cus_not_ours';
    other.metadata = {};
    expect((await send(subEvent('customer.subscription.updated', other, nowS()))).statusCode).toBe(200);
    expect(await stored('sub_elsewhere')).toBeUndefined();
    const res = await send(subEvent('charge.refunded', { id: 'ch_1', object: 'charge' }, nowS()));
    expect(res.json()).toEqual({ received: true });
  });
});
