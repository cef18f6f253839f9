import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { uploads } from '../schema';

// What lists ask of the database about uploads themselves (uploads): creating, starting, stopping,
// reading, resuming and deleting them. Their rows and verdicts are in queries/results.ts, batches in
// queries/batches.ts.

const ids = { id: uploads.id };
const own = (p: { uploadId: string; workspaceId: string }) =>
  and(eq(uploads.id, p.uploadId), eq(uploads.workspaceId, p.workspaceId));
const stored = ne(uploads.status, 'uploading');

/** Running uploads whose heartbeat is older than two leases (or every running upload: `all`), with their run. */
export function runsToResume(db: Db, p: { leaseSeconds: number; all: boolean }) {
  const stale = p.all
    ? undefined
    : or(
        isNull(uploads.heartbeatAt),
        lt(uploads.heartbeatAt, sql`now() - make_interval(secs => ${p.leaseSeconds * 2})`),
      );
  return db
    .select({ id: uploads.id, runId: uploads.runId })
    .from(uploads)
    .where(and(eq(uploads.status, 'processing'), stale));
}

/** Files cut off while being stored (an hour on), and drafts never started nor saved (a day on). */
export async function deleteAbandonedUploads(db: Db): Promise<void> {
  await db
    .delete(uploads)
    .where(
      or(
        and(eq(uploads.status, 'uploading'), lt(uploads.uploadedAt, sql`now() - interval '1 hour'`)),
        and(eq(uploads.status, 'draft'), lt(uploads.uploadedAt, sql`now() - interval '1 day'`)),
      ),
    );
}

/** Up to 1,000 uploads made before `cutoff`, oldest first. */
export function uploadsBefore(db: Db, p: { cutoff: Date }) {
  return db
    .select(ids)
    .from(uploads)
    .where(lt(uploads.uploadedAt, p.cutoff))
    .orderBy(uploads.uploadedAt)
    .limit(1000);
}

/** An upload and all it holds: its rows, results and batches (trigger in 0100_lists.sql). */
export async function deleteUploadById(db: Db, p: { uploadId: string }): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, p.uploadId));
}

/** The workspace's upload, unless it is still being stored: its state and counts. */
export async function ownUpload(db: Db, p: { uploadId: string; workspaceId: string }) {
  const [row] = await db
    .select({
      id: uploads.id,
      name: uploads.originalName,
      status: uploads.status,
      pending: uploads.pending,
      duplicates: uploads.duplicates,
    })
    .from(uploads)
    .where(and(own(p), stored));
  return row;
}

/** Starts a run (a new run id, counters' bases, timestamps) if the upload's status allows it; a re-run of pending rows (`pendingOnly`) also reopens its batches. One statement. */
export const startRun = (p: { now: Date; uploadId: string; workspaceId: string; pendingOnly: boolean }) => {
  const from = p.pendingOnly
    ? sql`status IN ('pending', 'completed', 'failed', 'cancelled') AND pending > 0`
    : sql`status IN ('pending', 'draft')`;
  return sql`
    WITH u AS (
      UPDATE uploads SET status = 'processing', run_id = run_id + 1, run_started_at = ${p.now},
        run_step1_base = step1_count, run_step2_base = step2_count, step2_started_at = NULL,
        step1_finished_at = NULL, started_at = COALESCE(started_at, ${p.now}), completed_at = NULL,
        error_message = NULL, notice = NULL, cancelled_at = NULL, heartbeat_at = now()
      WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId} AND ${from}
      RETURNING id, run_id, status, pending, total, step1_count, step2_count
    ), b AS (
      UPDATE upload_batches SET step1_done = false, step2_done = false, lease_owner = NULL, lease_until = NULL
      WHERE upload_id IN (SELECT id FROM u) AND ${p.pendingOnly ? sql`true` : sql`false`}
    )
    SELECT run_id, status, pending, total, step1_count, step2_count FROM u`;
};

/** Stops a running upload: cancelled, or completed when nothing was left; whether it stopped. */
export async function stopRun(db: Db, p: { now: Date; uploadId: string; workspaceId: string }) {
  const rows = await db
    .update(uploads)
    .set({
      status: sql`CASE WHEN ${uploads.pending} = 0 THEN 'completed' ELSE 'cancelled' END`,
      cancelledAt: sql`CASE WHEN ${uploads.pending} = 0 THEN NULL ELSE ${p.now}::timestamptz END`,
      completedAt: p.now,
      notice: null,
    })
    .where(and(own(p), eq(uploads.status, 'processing')))
    .returning(ids);
  return rows.length > 0;
}

/** A draft becomes a not-started upload. */
export async function saveDraftUpload(db: Db, p: { uploadId: string; workspaceId: string }): Promise<void> {
  await db
    .update(uploads)
    .set({ status: 'pending' })
    .where(and(own(p), eq(uploads.status, 'draft')));
}

/** The workspace's upload (unless still being stored), with its rows and results (trigger); whether it was there. */
export async function deleteOwnUpload(db: Db, p: { uploadId: string; workspaceId: string }) {
  const rows = await db
    .delete(uploads)
    .where(and(own(p), stored))
    .returning(ids);
  return rows.length > 0;
}

/** What the upload's rows wait for, as the status API shows it (JSON text of WaitingGroup[]). */
export async function setWaiting(db: Db, p: { waiting: string; uploadId: string }): Promise<void> {
  await db
    .update(uploads)
    .set({ waiting: sql`${p.waiting}::jsonb` })
    .where(eq(uploads.id, p.uploadId));
}

/** A running upload failed, with the message people see. */
export async function failRun(db: Db, p: { message: string; uploadId: string }): Promise<void> {
  await db
    .update(uploads)
    .set({ status: 'failed', errorMessage: p.message })
    .where(and(eq(uploads.id, p.uploadId), eq(uploads.status, 'processing')));
}

/** The notice the upload shows while it runs (our side's trouble), or none. */
export async function setNotice(db: Db, p: { notice: string | null; uploadId: string }): Promise<void> {
  await db.update(uploads).set({ notice: p.notice }).where(eq(uploads.id, p.uploadId));
}

/** Completes a running upload that has no row pending; whether it did. */
export async function completeIfDone(db: Db, p: { now: Date; uploadId: string }) {
  const rows = await db
    .update(uploads)
    .set({ status: 'completed', completedAt: p.now })
    .where(and(eq(uploads.id, p.uploadId), eq(uploads.status, 'processing'), eq(uploads.pending, 0)))
    .returning(ids);
  return rows.length > 0;
}

/**
 * A running upload whose batches are all done yet has rows pending fails, saying how to retry. Only the
 * run the caller looked at: a lane of a finished run that saw no open batch must not fail the next run
 * ("verify again now" started between its look and this write).
 */
export async function failStuckRun(db: Db, p: { uploadId: string; runId: number }): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({
      status: 'failed',
      errorMessage: 'Some rows could not be verified. Use re-verify pending to try them again.',
    })
    .where(
      and(
        eq(uploads.id, p.uploadId),
        eq(uploads.runId, p.runId),
        eq(uploads.status, 'processing'),
        gt(uploads.pending, 0),
      ),
    )
    .returning(ids);
  return rows.length > 0;
}

/** A new upload, hidden (status uploading) until its rows are stored; its id. */
export async function insertUpload(
  db: Db,
  p: {
    workspaceId: string;
    name: string;
    fileSize: number;
    headers: string[];
    emailColumn: number;
    nameColumns: number[];
    companyColumn: number | null;
    now: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(uploads)
    .values({
      workspaceId: p.workspaceId,
      originalName: p.name,
      fileSize: p.fileSize,
      headers: p.headers,
      emailColumn: p.emailColumn,
      nameColumns: p.nameColumns,
      companyColumn: p.companyColumn,
      uploadedAt: p.now,
    })
    .returning(ids);
  return row.id;
}

/** Rows stored: the upload's counters, and its status (pending, or draft: not listed until started or saved). */
export async function finishUpload(
  db: Db,
  p: {
    uploadId: string;
    draft: boolean;
    total: number;
    duplicates: number;
    /** JSON text of the header row, when it changed. */
    headers: string | null;
    fileSize: number | null;
  },
): Promise<void> {
  await db
    .update(uploads)
    .set({
      status: p.draft ? 'draft' : 'pending',
      total: p.total,
      pending: p.total,
      duplicates: p.duplicates,
      headers: sql`COALESCE(${p.headers}::jsonb, ${uploads.headers})`,
      fileSize: sql`COALESCE(${p.fileSize}::int, ${uploads.fileSize})`,
    })
    .where(eq(uploads.id, p.uploadId));
}
