import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import { findWorkspacePlan } from '../workspaces';
import { mirrorSubscription } from './mirror';
import { billingCustomers, stripeEvents } from './schema';
import { notConfigured, type StripeClient } from './stripe-client';

type Log = { warn: (obj: object, msg: string) => void };

// Stripe's own default: a signature older than five minutes is a replay, not a delivery.
const SIGNATURE_TOLERANCE_SECONDS = 300;

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

/**
 * Verifies one webhook delivery on its raw bytes and mirrors the subscription it is about. Deliveries are
 * at least once and in any order: a processed event id is acknowledged without work, and state older than
 * what is stored never overwrites it (see mirrorSubscription).
 */
export async function handleStripeWebhook(opts: {
  db: Db;
  stripe: StripeClient | null;
  webhookSecret: string | undefined;
  payload: Buffer;
  signature: string | undefined;
  now: Date;
  log?: Log;
}): Promise<{ received: true; duplicate?: boolean }> {
  const { db } = opts;
  if (!opts.webhookSecret) throw notConfigured();
  if (!opts.signature) throw badRequest('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      opts.payload,
      opts.signature,
      opts.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      opts.now.getTime(), // milliseconds: the library divides by 1000 itself
    );
  } catch {
    throw badRequest('Invalid webhook signature');
  }

  const [seen] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return { received: true, duplicate: true };

  const subscription = await subscriptionOf({ event, stripe: opts.stripe, log: opts.log });
  if (subscription) {
    const workspaceId = await ownerOf({ db, subscription });
    if (workspaceId) {
      await mirrorSubscription({ db, workspaceId, subscription, sourceCreated: event.created });
    } else {
      opts.log?.warn({ subscription: subscription.id }, 'stripe subscription of no known workspace ignored');
    }
  }
  // Recorded only after the work succeeded, so a failed delivery is retried by Stripe and redone.
  await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, eventCreated: event.created })
    .onConflictDoNothing();
  return { received: true };
}

/** The subscription an event is about: in the payload, or fetched fresh for invoice events. */
async function subscriptionOf(opts: {
  event: Stripe.Event;
  stripe: StripeClient | null;
  log?: Log;
}): Promise<Stripe.Subscription | null> {
  const { event } = opts;
  if (SUBSCRIPTION_EVENTS.has(event.type)) return event.data.object as Stripe.Subscription;
  if (!INVOICE_EVENTS.has(event.type)) return null;
  const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
  // Current API versions nest it under parent; older payloads carried it at the top level.
  const ref = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
  const id = typeof ref === 'string' ? ref : ref?.id;
  if (!id) return null;
  if (!opts.stripe) {
    opts.log?.warn({ event: event.id }, 'invoice event skipped: STRIPE_SECRET_KEY is not set');
    return null;
  }
  // An invoice does not carry the subscription's status, so ask Stripe for the current one.
  return opts.stripe.subscriptions.retrieve(id);
}

/**
 * The workspace a subscription belongs to: by its customer, else by the metadata we set when creating
 * it. Subscriptions created before workspaces carry only `userId`: the personal workspace has that id.
 */
async function ownerOf(opts: { db: Db; subscription: Stripe.Subscription }): Promise<string | null> {
  const { db, subscription } = opts;
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const [byCustomer] = await db
    .select({ workspaceId: billingCustomers.workspaceId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customer))
    .limit(1);
  if (byCustomer) return byCustomer.workspaceId;
  const claimed = subscription.metadata?.workspaceId ?? subscription.metadata?.userId;
  if (!claimed || !/^[0-9a-f-]{36}$/i.test(claimed)) return null;
  return (await findWorkspacePlan(db, claimed))?.id ?? null;
}
