import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { billingCustomers, subscriptions } from './schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The subscription the billing screen is about: the newest one that is live (active, trialing, past due...),
 * else the newest that ended, else none. Incomplete ones (a checkout never paid) are not shown.
 */
export async function currentSubscription(opts: {
  db: Db;
  workspaceId: string;
}): Promise<SubscriptionRow | null> {
  const rows = await opts.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, opts.workspaceId))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(20);
  return rows.find((s) => s.statusRank === 1) ?? rows.find((s) => s.statusRank === 2) ?? null;
}

export async function customerOf(opts: { db: Db; workspaceId: string }): Promise<string | null> {
  const [row] = await opts.db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.workspaceId, opts.workspaceId))
    .limit(1);
  return row?.id ?? null;
}
