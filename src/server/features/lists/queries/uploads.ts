import { sql } from 'drizzle-orm';

// What lists ask of the database about uploads themselves (uploads): creating, starting, stopping,
// reading, resuming and deleting them. Their rows and verdicts are in queries/results.ts, batches in
// queries/batches.ts.

/** Running uploads whose heartbeat is older than two leases (or every running upload: `all`), with their run. */
export const runsToResume = (p: { leaseSeconds: number; all: boolean }) => {
  const stale = p.all
    ? sql`true`
    : sql`(heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${p.leaseSeconds * 2}))`;
  return sql`SELECT id, run_id FROM uploads WHERE status = 'processing' AND ${stale}`;
};

/** Files cut off while being stored (an hour on), and drafts never started nor saved (a day on). */
export const deleteAbandonedUploads = () =>
  sql`
    DELETE FROM uploads WHERE (status = 'uploading' AND uploaded_at < now() - interval '1 hour')
      OR (status = 'draft' AND uploaded_at < now() - interval '1 day')`;

/** Up to 1,000 uploads made before `cutoff`, oldest first. */
export const uploadsBefore = (p: { cutoff: Date }) =>
  sql`SELECT id FROM uploads WHERE uploaded_at < ${p.cutoff} ORDER BY uploaded_at LIMIT 1000`;

/** One upload, with its rows, results and batches (trigger in 0100_lists.sql). */
export const deleteUploadRow = (p: { uploadId: string }) => sql`DELETE FROM uploads WHERE id = ${p.uploadId}`;

/** The workspace's upload, unless it is still being stored: its state and counts. */
export const ownUpload = (p: { uploadId: string; workspaceId: string }) =>
  sql`
    SELECT id, status, pending, duplicates FROM uploads
    WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId} AND status <> 'uploading'`;

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

/** Stops a running upload: cancelled, or completed when nothing was left. */
export const stopRun = (p: { now: Date; uploadId: string; workspaceId: string }) =>
  sql`
    UPDATE uploads SET status = CASE WHEN pending = 0 THEN 'completed' ELSE 'cancelled' END,
      cancelled_at = CASE WHEN pending = 0 THEN NULL ELSE ${p.now}::timestamptz END,
      completed_at = ${p.now}, notice = NULL
    WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId} AND status = 'processing'
    RETURNING id`;

/** A draft becomes a not-started upload. */
export const saveDraftUpload = (p: { uploadId: string; workspaceId: string }) =>
  sql`
    UPDATE uploads SET status = 'pending'
    WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId} AND status = 'draft'`;

/** The workspace's upload (unless still being stored), with its rows and results (trigger). */
export const deleteOwnUpload = (p: { uploadId: string; workspaceId: string }) =>
  sql`DELETE FROM uploads WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId} AND status <> 'uploading'
      RETURNING id`;

/** What the upload's rows wait for, as the status API shows it. */
export const setWaiting = (p: { waiting: string; uploadId: string }) =>
  sql`UPDATE uploads SET waiting = ${p.waiting}::jsonb WHERE id = ${p.uploadId}`;

/** A running upload failed, with the message people see. */
export const failRun = (p: { message: string; uploadId: string }) =>
  sql`
      UPDATE uploads SET status = 'failed', error_message = ${p.message}
      WHERE id = ${p.uploadId} AND status = 'processing'`;

/** The notice the upload shows while it runs (our side's trouble), or none. */
export const setNotice = (p: { notice: string | null; uploadId: string }) =>
  sql`UPDATE uploads SET notice = ${p.notice} WHERE id = ${p.uploadId}`;

/** Completes a running upload that has no row pending. */
export const completeIfDone = (p: { now: Date; uploadId: string }) =>
  sql`
    UPDATE uploads SET status = 'completed', completed_at = ${p.now}
    WHERE id = ${p.uploadId} AND status = 'processing' AND pending = 0
    RETURNING id`;

/** A running upload whose batches are all done yet has rows pending fails, saying how to retry. */
export const failStuckRun = (p: { uploadId: string }) =>
  sql`
      UPDATE uploads SET status = 'failed',
        error_message = 'Some rows could not be verified. Use re-verify pending to try them again.'
      WHERE id = ${p.uploadId} AND status = 'processing' AND pending > 0`;

/** The upload's columns that screens show (UploadDbRow in read.ts). */
const UPLOAD_COLUMNS =
  sql.raw(`id, original_name, file_size, status, error_message, notice, waiting, duplicates, cancelled_at, total, valid, invalid, risky,
  pending, step1_count, step2_total, step2_count, run_started_at, run_step1_base, run_step2_base,
  step1_finished_at, step2_started_at, started_at, completed_at, uploaded_at`);

/** The workspace's newest 500 uploads (not drafts, nor files still being stored), as lists show them. */
export const uploadsOfWorkspace = (p: { workspaceId: string }) =>
  sql`SELECT ${UPLOAD_COLUMNS} FROM uploads
        WHERE workspace_id = ${p.workspaceId} AND status NOT IN ('uploading', 'draft') ORDER BY uploaded_at DESC, id LIMIT 500`;

/** One of the workspace's uploads as screens show it (polled every few seconds during a run). */
export const uploadOfWorkspace = (p: { uploadId: string; workspaceId: string }) =>
  sql`SELECT ${UPLOAD_COLUMNS} FROM uploads
      WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId} AND status <> 'uploading'`;

/** The workspace's upload's status and what versions its verdicts (run and step counts). */
export const uploadVersion = (p: { uploadId: string; workspaceId: string }) =>
  sql`SELECT status, total, run_id, step1_count, step2_count FROM uploads
      WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId} AND status <> 'uploading'`;

/** The upload's status (none: it was deleted). */
export const uploadStatusOf = (p: { uploadId: string }) =>
  sql`SELECT status FROM uploads WHERE id = ${p.uploadId}`;

/** A new upload, hidden (status uploading) until its rows are stored. */
export const insertUpload = (p: {
  workspaceId: string;
  name: string;
  fileSize: number;
  headers: string[];
  emailColumn: number;
  nameColumns: number[];
  companyColumn: number | null;
  now: Date;
}) =>
  sql`
    INSERT INTO uploads (workspace_id, original_name, file_size, headers, email_column, name_columns, company_column, uploaded_at)
    VALUES (${p.workspaceId}, ${p.name}, ${p.fileSize}, ${JSON.stringify(p.headers)}::jsonb,
      ${p.emailColumn}, ${JSON.stringify(p.nameColumns)}::jsonb, ${p.companyColumn}, ${p.now})
    RETURNING id`;

/** Rows stored: the upload's counters, and its status (pending, or draft: not listed until started or saved). */
export const finishUpload = (p: {
  uploadId: string;
  draft: boolean;
  total: number;
  duplicates: number;
  headers: string | null;
  fileSize: number | null;
}) =>
  sql`
    UPDATE uploads SET status = ${p.draft ? 'draft' : 'pending'}, total = ${p.total}, pending = ${p.total},
      duplicates = ${p.duplicates},
      headers = COALESCE(${p.headers}::jsonb, headers),
      file_size = COALESCE(${p.fileSize}::int, file_size)
    WHERE id = ${p.uploadId}`;

/** An upload and all it holds. */
export const deleteUploadById = (p: { uploadId: string }) =>
  sql`DELETE FROM uploads WHERE id = ${p.uploadId}`;

/** What an export needs of the upload: its name, date, header row, size, e-mail column and status. */
export const uploadForExport = (p: { uploadId: string }) =>
  sql`SELECT original_name, uploaded_at, headers, total, email_column, status FROM uploads WHERE id = ${p.uploadId}`;

/** The upload's workspace, status and run (what a run's end event is keyed by). */
export const runEnding = (p: { uploadId: string }) =>
  sql`SELECT workspace_id, status, run_id FROM uploads WHERE id = ${p.uploadId}`;
