import type Stripe from 'stripe';
import type { PlanPreview } from '../../../shared/billing';
import type { Plan } from '../../../shared/plans';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, conflict } from '../../platform/http/errors';
import { currentSubscription, customerOf, type SubscriptionRow } from './current';
import { mirrorSubscription } from './mirror';
import { priceForPlan } from './plans';
import { notConfigured, providerError, type StripeClient } from './stripe-client';

type Log = { error: (obj: object, msg: string) => void };

async function liveSubscription(db: Db, workspaceId: string): Promise<SubscriptionRow> {
  const sub = await currentSubscription({ db, workspaceId });
  if (sub?.statusRank !== 1) throw conflict('You have no subscription to change. Subscribe to a plan first.');
  return sub;
}

const isProration = (l: Stripe.InvoiceLineItem) => Boolean(l.parent?.subscription_item_details?.proration);

/**
 * What changing plan would cost, from Stripe's own preview of the change: the prorations it would add and
 * the next invoice's total. The proration second goes back with the confirmation, so the change is billed
 * exactly as shown.
 */
export async function previewPlanChange(opts: {
  db: Db;
  stripe: StripeClient | null;
  config: Config;
  workspaceId: string;
  plan: Plan;
  now: Date;
  log?: Log;
}): Promise<PlanPreview> {
  const priceId = priceForPlan(opts.config, opts.plan);
  if (!opts.stripe || !priceId) throw notConfigured();
  const sub = await liveSubscription(opts.db, opts.workspaceId);
  if (sub.priceId === priceId) throw badRequest('You are already on this plan.');
  const prorationDate = Math.floor(opts.now.getTime() / 1000);
  try {
    const remote = await opts.stripe.subscriptions.retrieve(sub.id);
    const item = remote.items.data[0];
    const preview = await opts.stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'create_prorations',
        proration_date: prorationDate,
        // Changing plan keeps the subscription going, so preview it as if a scheduled cancellation were undone.
        cancel_at_period_end: false,
      },
    });
    const proration = preview.lines.data.filter(isProration).reduce((sum, l) => sum + l.amount, 0);
    return {
      plan: opts.plan,
      prorationTotal: { amount: proration, currency: preview.currency },
      nextInvoiceTotal: { amount: preview.total, currency: preview.currency },
      nextInvoiceDate: preview.period_end ? new Date(preview.period_end * 1000).toISOString() : null,
      prorationDate,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw providerError(err, opts.log);
  }
}

/**
 * Cancel at the period's end (access stays until then) or resume a scheduled cancellation. Stripe's
 * answer is mirrored at once; the webhook that follows agrees with it.
 */
export async function setCancelAtPeriodEnd(opts: {
  db: Db;
  stripe: StripeClient | null;
  workspaceId: string;
  cancel: boolean;
  now: Date;
  log?: Log;
}) {
  if (!opts.stripe) throw notConfigured();
  const sub = await liveSubscription(opts.db, opts.workspaceId);
  if (sub.cancelAtPeriodEnd === opts.cancel) return;
  try {
    const updated = await opts.stripe.subscriptions.update(sub.id, { cancel_at_period_end: opts.cancel });
    await mirrorSubscription({
      db: opts.db,
      workspaceId: opts.workspaceId,
      subscription: updated,
      // Stripe's answer is newer than any event applied so far, whatever the clocks say.
      sourceCreated: Math.max(Math.floor(opts.now.getTime() / 1000), sub.sourceCreated),
    });
  } catch (err) {
    throw providerError(err, opts.log);
  }
}

/** A Stripe billing portal session to update the card; the portal sends the user back to `returnUrl`. */
export async function createPortalSession(opts: {
  db: Db;
  stripe: StripeClient | null;
  workspaceId: string;
  returnUrl: string | undefined;
  log?: Log;
}): Promise<{ url: string }> {
  if (!opts.stripe) throw notConfigured();
  const customer = await customerOf({ db: opts.db, workspaceId: opts.workspaceId });
  if (!customer) throw conflict('There is no payment account yet. Subscribe to a plan first.');
  try {
    const session = await opts.stripe.billingPortal.sessions.create({
      customer,
      ...(opts.returnUrl ? { return_url: opts.returnUrl } : {}),
    });
    return { url: session.url };
  } catch (err) {
    throw providerError(err, opts.log);
  }
}
