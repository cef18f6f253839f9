import { sql } from 'drizzle-orm';

// Which workspaces' data retention may purge (billing/queries.ts holds the rest of billing's raw SQL).

/** Stripe's statuses that never come back (mirror.ts). */
export const ENDED = ['canceled', 'incomplete_expired'] as const;

/**
 * Up to 100 workspaces whose subscriptions all ended before `cutoff` (none live or being set up since)
 * and whose data has not been purged yet.
 */
export const endedBefore = (p: { cutoff: string }) => sql`
      SELECT DISTINCT s.workspace_id FROM subscriptions s
      WHERE s.status IN ('canceled', 'incomplete_expired') AND s.data_purged_at IS NULL
        AND s.ended_at < ${p.cutoff}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM subscriptions o
          WHERE o.workspace_id = s.workspace_id
            AND (o.status NOT IN ('canceled', 'incomplete_expired') OR o.ended_at IS NULL
                 OR o.ended_at >= ${p.cutoff}::timestamptz))
      LIMIT 100`;
