import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { query } from './sql';
import { isUploadId } from './start';

/**
 * Deletes one of the workspace's uploads with its rows and results (the delete trigger of 0100_lists.sql).
 * A run still working on it stops at its next batch: lanes end when the upload is gone.
 */
export async function deleteUpload(opts: { db: Db; workspaceId: string; uploadId: string }): Promise<void> {
  if (!isUploadId(opts.uploadId)) throw notFound('Upload not found');
  const rows = await query<{ id: string }>(
    opts.db,
    sql`DELETE FROM uploads WHERE id = ${opts.uploadId} AND workspace_id = ${opts.workspaceId} AND status <> 'uploading'
      RETURNING id`,
  );
  if (!rows.length) throw notFound('Upload not found');
}
