import { CANCELED_DATA_DAYS } from '../../../shared/billing';
import type { Db } from '../../platform/db/client';
import { eraseWorkspaceIdempotencyKeys } from '../api-v1';
import { markDataPurged, workspacesEndedBefore } from '../billing';
import { eraseWorkspaceExports } from '../data-export';
import { eraseWorkspaceTemplates } from '../email-composer';
import { eraseWorkspaceUploads } from '../lists';
import { eraseWorkspaceScrapes } from '../scraper';
import { eraseWorkspaceSmartlead } from '../smartlead';
import { eraseWorkspaceUsage } from '../usage';
import { eraseWorkspaceWebhooks } from '../webhooks';
import { deleteWorkspaceActivity } from '../workspaces';

// What a workspace holds, each owner's rows children before parents (most also cascade; explicit keeps
// each statement small). The account, the workspace, its members and its billing records stay: the
// customer can come back, and payment records are kept as the law asks.
const ERASERS: ((db: Db, workspaceId: string) => Promise<unknown>)[] = [
  eraseWorkspaceSmartlead,
  eraseWorkspaceTemplates,
  eraseWorkspaceScrapes,
  eraseWorkspaceWebhooks,
  eraseWorkspaceIdempotencyKeys,
  eraseWorkspaceUsage,
  deleteWorkspaceActivity,
  eraseWorkspaceExports,
];

/**
 * After cancellation the data stays exportable for 30 days, then it is deleted. A workspace
 * qualifies when its newest subscription ended (canceled or expired) more than 30 days ago and none is
 * live or being set up since. Safe to run twice: a purged subscription is marked.
 */
export async function purgeCanceledWorkspaces(opts: { db: Db; now: Date }): Promise<string[]> {
  const cutoff = new Date(opts.now.getTime() - CANCELED_DATA_DAYS * 86_400_000).toISOString();
  const due = await workspacesEndedBefore(opts.db, cutoff);
  for (const id of due) {
    await purgeWorkspaceData({ db: opts.db, workspaceId: id });
    await markDataPurged(opts.db, id, opts.now);
  }
  return due;
}

async function purgeWorkspaceData(opts: { db: Db; workspaceId: string }) {
  // Uploads first, one by one: their rows and results go with them (trigger), which can be 250k rows each.
  await eraseWorkspaceUploads(opts.db, opts.workspaceId);
  for (const erase of ERASERS) await erase(opts.db, opts.workspaceId);
}
