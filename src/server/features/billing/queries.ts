import { sql } from 'drizzle-orm';

// What billing asks of the database beyond its tables' CRUD (billing_customers, subscriptions): the
// questions asked of several workspaces at once before they are deleted.

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The Stripe customers of these workspaces. */
export const customersOfWorkspaces = (p: { workspaceIds: string[] }) => sql`
      SELECT stripe_customer_id AS id FROM billing_customers WHERE workspace_id IN (${idList(p.workspaceIds)})`;

/** One row if any of these workspaces has a subscription that will renew (one still charging). */
export const liveSubscriptionOf = (p: { workspaceIds: string[] }) => sql`
      SELECT 1 FROM subscriptions
      WHERE workspace_id IN (${idList(p.workspaceIds)}) AND status_rank = 1 AND NOT cancel_at_period_end
      LIMIT 1`;
