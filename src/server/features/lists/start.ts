import { z } from 'zod';
import type { StartVerificationResponse, UploadStatus } from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { notFound } from '../../platform/http/errors';
import { type JobSender, jobType } from '../../platform/jobs/registry';
import { assertHasAccess, type PriceConfig } from '../billing';
import { consumeQuota, releaseQuota, reserveCredits } from '../usage';
import type { WorkspacePlan } from '../workspaces';
import { forgetReused, reuseRecent } from './credits';
import type { ListsSettings } from './env';
import { ownUpload, startRun } from './queries/uploads';
import { forgetRowStatuses, seedUnverified } from './status-cache';

export const RUN_JOB = jobType(
  'lists-run',
  z.object({ uploadId: z.string(), runId: z.number().int(), lane: z.number().int().nonnegative() }),
);

export type RunJobData = z.infer<typeof RUN_JOB.payload>;

/** Upload ids are UUIDs: anything else is a missing upload (never a database error). */
export const isUploadId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The workspace's upload (never another workspace's: same 404 as a missing one). */
export async function findOwnUpload(opts: { db: Db; workspaceId: string; uploadId: string }) {
  if (!isUploadId(opts.uploadId)) throw notFound('Upload not found');
  const row = await ownUpload(opts.db, { uploadId: opts.uploadId, workspaceId: opts.workspaceId });
  if (!row) throw notFound('Upload not found');
  return { ...row, status: row.status as UploadStatus };
}

/** Queues the lanes of a run; a lane already queued for this upload is not queued twice. */
export async function sendLanes(
  queue: JobSender,
  uploadId: string,
  runId: number,
  lanes: number,
): Promise<void> {
  for (let lane = 0; lane < lanes; lane++) {
    await queue.send(RUN_JOB, { uploadId, runId, lane } satisfies RunJobData, {
      singletonKey: `${uploadId}:${lane}`,
    });
  }
}

/**
 * Starts verifying an upload (POST /api/verify/{id}). Idempotent: the status moves from pending to
 * processing in one UPDATE, so a second call finds it processing and starts nothing. `pendingOnly`
 * (POST /api/verify/{id}/pending) restarts a finished or failed upload for its rows still pending.
 */
/** The upload as a start left it (the run it began, the rows it will judge). */
const startedRow = z.object({
  run_id: dbInt,
  status: z.string(),
  pending: dbInt,
  total: dbInt,
  step1_count: dbInt,
  step2_count: dbInt,
});

export async function startVerification(opts: {
  db: Db;
  queue: JobSender;
  settings: Pick<ListsSettings, 'LISTS_LANES'> & PriceConfig;
  workspace: WorkspacePlan;
  uploadId: string;
  now: Date;
  pendingOnly?: boolean;
  /** Check every row afresh (and charge it): no answer from the workspace's recent results (0890). */
  fresh?: boolean;
}): Promise<StartVerificationResponse> {
  const { db, workspace, uploadId, now } = opts;
  const upload = await findOwnUpload({ db, workspaceId: workspace.id, uploadId });
  await assertHasAccess({ db, workspace, now });
  // A first run is one metered verification (docs/decisions/0600-api-plans-quotas.md); re-verifying
  // the pending rows of a list already counted, or resuming a stopped run, is not. Its credits (the
  // counter's units) are not taken here: the run reserves them and its rows settle them (0890).
  const firstRun = upload.status === 'pending' || upload.status === 'draft';
  const metered = !opts.pendingOnly && firstRun;
  const meter = {
    db,
    workspaceId: workspace.id,
    kind: 'verification' as const,
    now,
    units: 0,
  };
  if (metered) await consumeQuota({ ...meter, config: opts.settings, workspace });
  // One statement: the transition and, for a re-run, the reopening of its batches.
  const rows = await queryRows(
    db,
    startedRow,
    startRun({ now, uploadId, workspaceId: workspace.id, pendingOnly: Boolean(opts.pendingOnly) }),
  );
  const row = rows[0];
  if (!row) {
    if (metered) await releaseQuota(meter);
    const current = await findOwnUpload({ db, workspaceId: workspace.id, uploadId });
    return { uploadId, started: false, status: current.status, pending: Number(current.pending) };
  }
  const runId = row.run_id;
  await reserveCredits({
    db,
    workspaceId: workspace.id,
    uploadId,
    runId,
    listName: upload.name,
    reserved: row.pending,
    now,
  });
  const reused = opts.fresh ? 0 : await reuseRecent({ db, workspaceId: workspace.id, uploadId, now });
  // Nothing verified yet: every row is pending, which the search+filter copy can say without reading.
  if (reused > 0) forgetRowStatuses(uploadId);
  else if (row.step1_count === 0 && row.step2_count === 0) {
    seedUnverified(uploadId, runId, row.total);
  }
  await sendLanes(opts.queue, uploadId, runId, opts.settings.LISTS_LANES);
  return { uploadId, started: true, status: 'processing', pending: row.pending };
}

/**
 * "Verify again now" (POST /api/verify/{id}/again): the rows of a finished list answered from earlier
 * results are checked afresh, and charged like any check (decision 0890).
 */
export async function verifyAgain(opts: Parameters<typeof startVerification>[0]) {
  const { db, workspace, uploadId } = opts;
  await findOwnUpload({ db, workspaceId: workspace.id, uploadId });
  await assertHasAccess({ db, workspace, now: opts.now });
  await forgetReused({ db, workspaceId: workspace.id, uploadId });
  return startVerification({ ...opts, pendingOnly: true, fresh: true });
}
