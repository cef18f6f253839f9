import { sql } from 'drizzle-orm';
import type { SendableEmail } from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';

/**
 * The workspace's addresses whose final status is valid (only those are offered for sending),
 * newest upload first, each with its upload's name and date. Used by the Smartlead feature.
 */
export async function listSendableEmails(opts: { db: Db; workspaceId: string }): Promise<SendableEmail[]> {
  const rows = await query<{
    id: string | number;
    email: string;
    name: string | null;
    company: string | null;
    upload_id: string;
    upload_name: string;
    uploaded_at: string | Date;
  }>(
    opts.db,
    sql`
    SELECT r.id, r.email, r.name, r.company, u.id AS upload_id, u.original_name AS upload_name, u.uploaded_at
    FROM uploads u
    JOIN upload_results x ON x.upload_id = u.id AND x.final_status = 'valid'
    JOIN upload_rows r ON r.upload_id = x.upload_id AND r.row_index = x.row_index
    WHERE u.workspace_id = ${opts.workspaceId} AND u.status <> 'uploading'
    ORDER BY u.uploaded_at DESC, u.id, x.row_index`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    name: r.name,
    company: r.company,
    uploadId: r.upload_id,
    uploadName: r.upload_name,
    uploadDate: new Date(r.uploaded_at).toISOString(),
    status: 'valid' as const,
  }));
}
