import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { queryRows } from '../../platform/db/sql';
import { ENDED, endedBefore } from './queries/purge';
import { subscriptions } from './schema';

// What retention asks of billing: the canceled workspaces whose data is due, and marking them done.

/** Up to 100 workspaces whose subscriptions all ended before `cutoff` (ISO) and are not purged yet. */
export const workspacesEndedBefore = async (db: Db, cutoff: string) =>
  (await queryRows(db, z.object({ workspace_id: z.string() }), endedBefore({ cutoff }))).map(
    (r) => r.workspace_id,
  );

/** Marks the workspace's ended subscriptions as purged, so a second run passes it by. */
export const markDataPurged = (db: Db, workspaceId: string, at: Date) =>
  db
    .update(subscriptions)
    .set({ dataPurgedAt: at })
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        inArray(subscriptions.status, [...ENDED]),
        isNull(subscriptions.dataPurgedAt),
      ),
    );
