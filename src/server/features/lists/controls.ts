import type { UploadListItem } from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { settleRunCredits } from './credits';
import { notifyListFinished } from './finished-event';
import { saveDraftUpload, stopRun } from './queries/uploads';
import { getUploadStatus } from './read';
import { findOwnUpload } from './start';

/**
 * Stops a running verification (POST /api/upload/{id}/cancel). One UPDATE: the rows verified so far
 * keep their verdicts (and stay exportable); the others are "not checked" while the upload is
 * cancelled. Lanes see the status between batches, and a lane in the middle of a step-2 batch gives it
 * up within a second (run.ts). A run that had nothing left simply completes. Stopping a stopped run
 * again answers the same; anything else that is not running is a conflict. Resume is
 * POST /api/verify/{id}/pending (start.ts). The stop is a run's end: webhooks hear `list.cancelled`
 * (or `list.completed` when nothing was left).
 */
export async function cancelVerification(opts: {
  db: Db;
  queue?: JobSender;
  workspaceId: string;
  uploadId: string;
  now: Date;
}): Promise<UploadListItem> {
  const { db, workspaceId, uploadId, now } = opts;
  await findOwnUpload({ db, workspaceId, uploadId });
  const stopped = await stopRun(db, { now, uploadId, workspaceId });
  // The rows it did not reach give their credits back (0890).
  if (stopped) await settleRunCredits({ db, uploadId, final: true, now });
  if (stopped) await notifyListFinished({ db, queue: opts.queue, uploadId });
  const upload = await getUploadStatus({ db, workspaceId, uploadId, now });
  if (!stopped && upload.status !== 'cancelled') {
    throw conflict('This verification is not running, so there is nothing to stop.');
  }
  return upload;
}

/**
 * Keeps a draft for later (POST /api/upload/{id}/save): it becomes a not-started upload, listed in
 * History and the dashboard. Saving an upload that is already saved or started changes nothing.
 */
export async function saveDraft(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  now: Date;
}): Promise<UploadListItem> {
  const { db, workspaceId, uploadId, now } = opts;
  await findOwnUpload({ db, workspaceId, uploadId });
  await saveDraftUpload(db, { uploadId, workspaceId });
  return getUploadStatus({ db, workspaceId, uploadId, now });
}
