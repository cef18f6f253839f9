import type { Db } from '../../platform/db/client';
import { deleteUploadById, uploadsBefore } from './queries/uploads';

/**
 * Uploaded lists and their results are deleted 30 days after upload. Rows, results and
 * batches go with their upload (trigger in 0100_lists.sql). One upload per statement keeps each
 * transaction small even for 250k-row lists.
 */
export async function deleteExpiredUploads(opts: { db: Db; now: Date; days: number }): Promise<number> {
  const cutoff = new Date(opts.now.getTime() - opts.days * 86_400_000);
  const expired = await uploadsBefore(opts.db, { cutoff });
  for (const u of expired) await deleteUploadById(opts.db, { uploadId: u.id });
  return expired.length;
}
