import type { Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import type { WorkspacePlan } from '../workspaces';
import { type CarriedVerdict, carryVerdicts } from './carried';
import { createUploadFromRows } from './create';

export type { CarriedVerdict } from './carried';

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
  /** Verdicts some rows arrive with (heard recently): step 2 writes them instead of asking again. */
  carried?: CarriedVerdict[];
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
  if (opts.carried?.length) await carryVerdicts(opts.db, uploadId, opts.carried);
  await startVerification({ ...opts, uploadId });
  return { uploadId, emailCount: totalEmails };
}
