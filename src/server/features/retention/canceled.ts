import { CANCELED_DATA_DAYS } from '../../../shared/billing';
import type { Db } from '../../platform/db/client';
import { deleteUpload, deleteWorkspaceRows, endedBefore, markPurged, uploadIdsOf } from './queries';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

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
  const due = rowsOf<{ workspace_id: string }>(await opts.db.execute(endedBefore({ cutoff })));
  for (const { workspace_id: id } of due) {
    await purgeWorkspaceData({ db: opts.db, workspaceId: id });
    await opts.db.execute(markPurged({ workspaceId: id, at: opts.now.toISOString() }));
  }
  return due.map((d) => d.workspace_id);
}

async function purgeWorkspaceData(opts: { db: Db; workspaceId: string }) {
  const { db, workspaceId } = opts;
  // Uploads one by one: their rows and results go with them (trigger), which can be 250k rows each.
  const uploads = rowsOf<{ id: string }>(await db.execute(uploadIdsOf({ workspaceId })));
  for (const u of uploads) await db.execute(deleteUpload({ uploadId: u.id }));
  for (const table of WORKSPACE_TABLES) {
    await db.execute(deleteWorkspaceRows({ table, workspaceId }));
  }
}
