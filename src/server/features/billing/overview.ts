import type Stripe from 'stripe';
import { type BillingOverview, CANCELED_DATA_DAYS, type InvoiceSummary } from '../../../shared/billing';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { graceEndsAt } from './access';
import { currentSubscription, customerOf } from './current';
import { planForPrice } from './plans';
import { providerError, type StripeClient } from './stripe-client';

type Log = { error: (obj: object, msg: string) => void };
const iso = (unixSeconds: number | null | undefined) =>
  unixSeconds ? new Date(unixSeconds * 1000).toISOString() : null;

/**
 * Everything /settings/billing shows. The subscription's state comes from our mirror (kept by the
 * webhooks); what only Stripe knows (the next invoice, the card, past invoices) is read from Stripe
 * on each visit, since it changes outside this app (renewals, the billing portal).
 */
export async function billingOverview(opts: {
  db: Db;
  stripe: StripeClient | null;
  config: Config;
  workspaceId: string;
  canManage: boolean;
  now: Date;
  log?: Log;
}): Promise<BillingOverview> {
  const { db, stripe, workspaceId } = opts;
  const sub = await currentSubscription({ db, workspaceId });
  const pastDueSince = sub?.status === 'past_due' ? sub.pastDueSince : null;
  const base: BillingOverview = {
    configured: Boolean(stripe),
    canManage: opts.canManage,
    subscription: sub
      ? {
          id: sub.id,
          status: sub.status,
          plan: planForPrice(opts.config, sub.priceId),
          currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        }
      : null,
    nextInvoice: null,
    paymentMethod: null,
    invoices: [],
    pastDue: pastDueSince
      ? {
          since: pastDueSince.toISOString(),
          graceEndsAt: graceEndsAt(pastDueSince).toISOString(),
          readOnly: graceEndsAt(pastDueSince) <= opts.now,
        }
      : null,
    dataDeletedAt:
      sub?.statusRank === 2 && sub.endedAt
        ? new Date(sub.endedAt.getTime() + CANCELED_DATA_DAYS * 86_400_000).toISOString()
        : null,
  };
  const customer = await customerOf({ db, workspaceId });
  if (!stripe || !customer) return base;
  try {
    const [invoices, next, remote] = await Promise.all([
      stripe.invoices.list({ customer, limit: 24 }),
      sub && sub.statusRank === 1 ? upcoming(stripe, sub.id) : null,
      sub && sub.statusRank === 1
        ? stripe.subscriptions.retrieve(sub.id, { expand: ['default_payment_method'] })
        : null,
    ]);
    return {
      ...base,
      invoices: invoices.data.filter((i) => i.status !== 'draft').map(toSummary),
      nextInvoice: next
        ? {
            date: iso(next.next_payment_attempt ?? next.period_end),
            total: { amount: next.total, currency: next.currency },
          }
        : null,
      paymentMethod: cardOf(remote?.default_payment_method),
    };
  } catch (err) {
    throw providerError(err, opts.log);
  }
}

/** The next invoice, or null when none is coming (cancellation scheduled: Stripe answers 404). */
async function upcoming(stripe: StripeClient, subscription: string): Promise<Stripe.Invoice | null> {
  try {
    return await stripe.invoices.createPreview({ subscription });
  } catch (err) {
    if ((err as { code?: string }).code === 'invoice_upcoming_none') return null;
    throw err;
  }
}

function toSummary(i: Stripe.Invoice): InvoiceSummary {
  return {
    id: i.id ?? '',
    number: i.number ?? null,
    status: i.status ?? null,
    total: { amount: i.total, currency: i.currency },
    created: new Date(i.created * 1000).toISOString(),
    hostedInvoiceUrl: i.hosted_invoice_url ?? null,
  };
}

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined) {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return {
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}
