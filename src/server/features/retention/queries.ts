import { sql } from 'drizzle-orm';

// What retention deletes, and how it finds it: workspaces whose subscription ended long enough ago
// (subscriptions), their data table by table, and the rows of any workspace older than their retention
// period (scrape_jobs, activity_log, usage_counters).

// Stripe's statuses that never come back (billing/mirror.ts).
const ENDED = sql`('canceled', 'incomplete_expired')`;

/**
 * Up to 100 workspaces whose subscriptions all ended before `cutoff` (none live or being set up since)
 * and whose data has not been purged yet.
 */
export const endedBefore = (p: { cutoff: string }) => sql`
      SELECT DISTINCT s.workspace_id FROM subscriptions s
      WHERE s.status IN ${ENDED} AND s.data_purged_at IS NULL AND s.ended_at < ${p.cutoff}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM subscriptions o
          WHERE o.workspace_id = s.workspace_id
            AND (o.status NOT IN ${ENDED} OR o.ended_at IS NULL OR o.ended_at >= ${p.cutoff}::timestamptz))
      LIMIT 100`;

/** Marks the workspace's ended subscriptions as purged, so a second run passes it by. */
export const markPurged = (p: { workspaceId: string; at: string }) => sql`
      UPDATE subscriptions SET data_purged_at = ${p.at}::timestamptz
      WHERE workspace_id = ${p.workspaceId} AND status IN ${ENDED} AND data_purged_at IS NULL`;

/** The workspace's lists. */
export const uploadIdsOf = (p: { workspaceId: string }) =>
  sql`SELECT id FROM uploads WHERE workspace_id = ${p.workspaceId}`;

/** One list, with its rows and results (trigger). */
export const deleteUpload = (p: { uploadId: string }) => sql`DELETE FROM uploads WHERE id = ${p.uploadId}`;

/** The workspace's rows of one table. */
export const deleteWorkspaceRows = (p: { table: string; workspaceId: string }) =>
  sql`DELETE FROM ${sql.identifier(p.table)} WHERE workspace_id = ${p.workspaceId}`;

/** Up to 200 finished scrape jobs started before `cutoff`, with their profiles (cascade). */
export const deleteOldScrapes = (p: { cutoff: string }) => sql`
        DELETE FROM scrape_jobs WHERE id IN (
          SELECT id FROM scrape_jobs
          WHERE created_at < ${p.cutoff}::timestamptz AND status NOT IN ('pending', 'running')
          LIMIT 200)
        RETURNING id`;

/** Activity log entries older than `cutoff`. */
export const deleteOldActivity = (p: { cutoff: string }) =>
  sql`DELETE FROM activity_log WHERE created_at < ${p.cutoff}::timestamptz RETURNING id`;

/** Monthly usage counters of months before `first` (a date). */
export const deleteUsageBefore = (p: { first: string }) =>
  sql`DELETE FROM usage_counters WHERE month < ${p.first}::date RETURNING month`;
