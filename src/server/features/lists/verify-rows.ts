import type { Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import type { WorkspacePlan } from '../workspaces';
import { createUploadFromRows } from './create';
import type { ListsSettings } from './env';
import { startVerification } from './start';

/**
 * Rows another feature found (the scraper's profiles, the finder's addresses) become a list of the
 * workspace, and its verification starts: what "Send to verification" does wherever it is offered.
 */
export async function verifyRows(opts: {
  db: Db;
  queue: JobSender;
  settings: ListsSettings;
  workspace: WorkspacePlan;
  /** The list's name (cut to 120 characters). */
  name: string;
  headers: string[];
  rows: string[][];
  now: Date;
}): Promise<{ uploadId: string; emailCount: number }> {
  const { uploadId, totalEmails } = await createUploadFromRows({
    db: opts.db,
    workspaceId: opts.workspace.id,
    name: opts.name.slice(0, 120),
    headers: opts.headers,
    rows: opts.rows,
    emailColumn: 'email',
    now: opts.now,
    settings: opts.settings,
  });
  await startVerification({ ...opts, uploadId });
  return { uploadId, emailCount: totalEmails };
}
