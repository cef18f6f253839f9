import type { SendableEmail } from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { validRowsOf } from './queries/results';

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
  }>(opts.db, validRowsOf({ workspaceId: opts.workspaceId }));
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
