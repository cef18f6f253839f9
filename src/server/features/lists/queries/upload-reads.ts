import { and, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { uploads } from '../schema';

// What lists read of uploads themselves (uploads) for screens, exports, status and run events; the
// writes are in queries/uploads.ts.

const own = (p: { uploadId: string; workspaceId: string }) =>
  and(eq(uploads.id, p.uploadId), eq(uploads.workspaceId, p.workspaceId));
const stored = ne(uploads.status, 'uploading');

/** The upload's columns that screens show (toListItem in read.ts). */
const UPLOAD_COLUMNS = {
  id: uploads.id,
  originalName: uploads.originalName,
  fileSize: uploads.fileSize,
  status: uploads.status,
  errorMessage: uploads.errorMessage,
  notice: uploads.notice,
  waiting: uploads.waiting,
  duplicates: uploads.duplicates,
  cancelledAt: uploads.cancelledAt,
  total: uploads.total,
  valid: uploads.valid,
  invalid: uploads.invalid,
  risky: uploads.risky,
  pending: uploads.pending,
  step1Count: uploads.step1Count,
  step2Total: uploads.step2Total,
  step2Count: uploads.step2Count,
  runStartedAt: uploads.runStartedAt,
  runStep1Base: uploads.runStep1Base,
  runStep2Base: uploads.runStep2Base,
  step1FinishedAt: uploads.step1FinishedAt,
  step2StartedAt: uploads.step2StartedAt,
  startedAt: uploads.startedAt,
  completedAt: uploads.completedAt,
  uploadedAt: uploads.uploadedAt,
};

/** An upload as screens show it. */
export type UploadShown = Awaited<ReturnType<typeof uploadOfWorkspace>>[number];

/** The workspace's newest 500 uploads (not drafts, nor files still being stored), as lists show them. */
export function uploadsOfWorkspace(db: Db, p: { workspaceId: string }) {
  return db
    .select(UPLOAD_COLUMNS)
    .from(uploads)
    .where(and(eq(uploads.workspaceId, p.workspaceId), notInArray(uploads.status, ['uploading', 'draft'])))
    .orderBy(desc(uploads.uploadedAt), uploads.id)
    .limit(500);
}

/** One of the workspace's uploads as screens show it (polled every few seconds during a run). */
export function uploadOfWorkspace(db: Db, p: { uploadId: string; workspaceId: string }) {
  return db
    .select(UPLOAD_COLUMNS)
    .from(uploads)
    .where(and(own(p), stored));
}

/** The workspace's upload's status and what versions its verdicts (run and step counts). */
export async function uploadVersion(db: Db, p: { uploadId: string; workspaceId: string }) {
  const [row] = await db
    .select({
      status: uploads.status,
      total: uploads.total,
      runId: uploads.runId,
      step1Count: uploads.step1Count,
      step2Count: uploads.step2Count,
    })
    .from(uploads)
    .where(and(own(p), stored));
  return row;
}

/** The upload's status (undefined: it was deleted). */
export async function uploadStatusOf(db: Db, p: { uploadId: string }): Promise<string | undefined> {
  const [row] = await db.select({ status: uploads.status }).from(uploads).where(eq(uploads.id, p.uploadId));
  return row?.status;
}

/** What an export needs of the upload: its name, date, header row, size, e-mail column and status. */
export async function uploadForExport(db: Db, p: { uploadId: string }) {
  const [row] = await db
    .select({
      originalName: uploads.originalName,
      uploadedAt: uploads.uploadedAt,
      headers: uploads.headers,
      total: uploads.total,
      emailColumn: uploads.emailColumn,
      status: uploads.status,
    })
    .from(uploads)
    .where(eq(uploads.id, p.uploadId));
  return row;
}

/** What a lane reads of its upload as it starts: the workspace (whose budget pays) and the notice. */
export async function uploadRunState(db: Db, p: { uploadId: string }) {
  const [row] = await db
    .select({ workspaceId: uploads.workspaceId, notice: uploads.notice })
    .from(uploads)
    .where(eq(uploads.id, p.uploadId));
  return row;
}

/** The upload's workspace, status, run (what a run's end event is keyed by) and rows left. */
export async function runEnding(db: Db, p: { uploadId: string }) {
  const [row] = await db
    .select({
      workspaceId: uploads.workspaceId,
      status: uploads.status,
      runId: uploads.runId,
      pending: uploads.pending,
    })
    .from(uploads)
    .where(eq(uploads.id, p.uploadId));
  return row;
}
