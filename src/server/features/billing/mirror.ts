import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../platform/db/client';
import { subscriptions } from './schema';

/**
 * How far along its life a subscription is. Stripe can stamp `created` and `updated` events with the same
 * second and deliver them in any order; within one second the later stage wins. Ended subscriptions
 * (canceled, incomplete_expired) never come back in Stripe, so nothing overwrites them.
 */
export function statusRank(status: string): number {
  if (status === 'incomplete') return 0;
  if (status === 'canceled' || status === 'incomplete_expired') return 2;
  return 1;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Writes Stripe's view of one subscription, unless the stored row is newer: `sourceCreated` is the Unix
 * second of the event (or object) the state comes from. One statement, so concurrent webhook deliveries
 * cannot interleave a read and a write. Returns whether the row changed.
 */
export async function mirrorSubscription(opts: {
  db: Db;
  workspaceId: string;
  subscription: Stripe.Subscription;
  sourceCreated: number;
}): Promise<boolean> {
  const sub = opts.subscription;
  const item = sub.items?.data?.[0];
  const rank = statusRank(sub.status);
  const at = new Date(opts.sourceCreated * 1000);
  const values = {
    id: sub.id,
    workspaceId: opts.workspaceId,
    stripeCustomerId: idOf(sub.customer) ?? '',
    status: sub.status,
    statusRank: rank,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    sourceCreated: opts.sourceCreated,
    pastDueSince: sub.status === 'past_due' ? at : null,
    endedAt: rank === 2 ? at : null,
    updatedAt: new Date(),
  };
  const { id: _id, workspaceId: _owner, ...rest } = values;
  // The grace period counts from the first past-due state, not from each later event that repeats it.
  const changes = {
    ...rest,
    pastDueSince: rest.pastDueSince
      ? sql`coalesce(${subscriptions.pastDueSince}, ${at.toISOString()}::timestamptz)`
      : null,
  };
  const rows = await opts.db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: changes,
      setWhere: and(
        lt(subscriptions.statusRank, 2),
        or(
          lt(subscriptions.sourceCreated, opts.sourceCreated),
          and(eq(subscriptions.sourceCreated, opts.sourceCreated), lte(subscriptions.statusRank, rank)),
        ),
        // A subscription never changes owner: ignore a payload that claims another workspace's row.
        eq(subscriptions.workspaceId, opts.workspaceId),
      ),
    })
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
