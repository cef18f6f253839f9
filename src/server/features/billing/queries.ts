import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { billingCustomers, subscriptions } from './schema';

// What billing asks of the database beyond its tables' CRUD (billing_customers, subscriptions): the
// questions asked of several workspaces at once before they are deleted.

/** The Stripe customers of these workspaces. */
export async function customersOfWorkspaces(db: Db, p: { workspaceIds: string[] }): Promise<string[]> {
  const rows = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(inArray(billingCustomers.workspaceId, p.workspaceIds));
  return rows.map((r) => r.id);
}

/** Whether any of these workspaces has a subscription that will renew (one still charging). */
export async function hasLiveSubscription(db: Db, p: { workspaceIds: string[] }): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.workspaceId, p.workspaceIds),
        eq(subscriptions.statusRank, 1),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
