import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { settleRunCredits } from './credits';
import { deleteOwnUpload } from './queries/uploads';
import { forgetSearchIndex } from './search-index';
import { findOwnUpload, isUploadId } from './start';
import { forgetRowStatuses } from './status-cache';

/**
 * Deletes one of the workspace's uploads with its rows and results (the delete trigger of 0100_lists.sql),
 * and this process's in-memory copies of them. A run still working on it stops: lanes end between
 * batches when the upload is gone, and a lane in a step-2 batch gives it up within a second (run.ts).
 */
export async function deleteUpload(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  now?: Date;
}): Promise<void> {
  if (!isUploadId(opts.uploadId)) throw notFound('Upload not found');
  // A run still going ends here: its answers so far are charged, the rest released (0890). Another
  // workspace's upload has no run of ours to settle: runTally and the ledger are keyed by the upload,
  // and the delete below answers 404 for it.
  if (await ownsUpload(opts)) {
    await settleRunCredits({
      db: opts.db,
      uploadId: opts.uploadId,
      final: true,
      now: opts.now ?? new Date(),
    });
  }
  const deleted = await deleteOwnUpload(opts.db, { uploadId: opts.uploadId, workspaceId: opts.workspaceId });
  if (!deleted) throw notFound('Upload not found');
  forgetSearchIndex(opts.uploadId);
  forgetRowStatuses(opts.uploadId);
}

const ownsUpload = (opts: { db: Db; workspaceId: string; uploadId: string }) =>
  findOwnUpload(opts).then(
    () => true,
    () => false,
  );
