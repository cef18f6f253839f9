import { sql } from 'drizzle-orm';
import { CANCELED_DATA_DAYS } from '../../../shared/billing';
import type { Db } from '../../platform/db/client';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
// Stripe's statuses that never come back (billing/mirror.ts).
const ENDED = sql`('canceled', 'incomplete_expired')`;

// What a workspace holds, children before parents (most also cascade; explicit keeps each statement small).
// The account, the workspace, its members and its billing records stay: the customer can come back, and
// payment records are kept as the law asks.
const WORKSPACE_TABLES = [
  'smartlead_campaign_leads',
  'smartlead_campaigns',
  'smartlead_settings',
  'email_templates',
  'scrape_profiles',
  'scrape_jobs',
  'webhook_deliveries',
  'webhook_endpoints',
  'api_idempotency_keys',
  'usage_counters',
  'activity_log',
  'data_exports',
];

/**
 * After cancellation the data stays exportable for 30 days, then it is deleted. A workspace
 * qualifies when its newest subscription ended (canceled or expired) more than 30 days ago and none is
 * live or being set up since. Safe to run twice: a purged subscription is marked.
 */
export async function purgeCanceledWorkspaces(opts: { db: Db; now: Date }): Promise<string[]> {
  const cutoff = new Date(opts.now.getTime() - CANCELED_DATA_DAYS * 86_400_000).toISOString();
  const due = rowsOf<{ workspace_id: string }>(
    await opts.db.execute(sql`
      SELECT DISTINCT s.workspace_id FROM subscriptions s
      WHERE s.status IN ${ENDED} AND s.data_purged_at IS NULL AND s.ended_at < ${cutoff}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM subscriptions o
          WHERE o.workspace_id = s.workspace_id
            AND (o.status NOT IN ${ENDED} OR o.ended_at IS NULL OR o.ended_at >= ${cutoff}::timestamptz))
      LIMIT 100`),
  );
  for (const { workspace_id: id } of due) {
    await purgeWorkspaceData({ db: opts.db, workspaceId: id });
    await opts.db.execute(sql`
      UPDATE subscriptions SET data_purged_at = ${opts.now.toISOString()}::timestamptz
      WHERE workspace_id = ${id} AND status IN ${ENDED} AND data_purged_at IS NULL`);
  }
  return due.map((d) => d.workspace_id);
}

async function purgeWorkspaceData(opts: { db: Db; workspaceId: string }) {
  const { db, workspaceId } = opts;
  // Uploads one by one: their rows and results go with them (trigger), which can be 250k rows each.
  const uploads = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM uploads WHERE workspace_id = ${workspaceId}`),
  );
  for (const u of uploads) await db.execute(sql`DELETE FROM uploads WHERE id = ${u.id}`);
  for (const table of WORKSPACE_TABLES) {
    await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId}`);
  }
}
