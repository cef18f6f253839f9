import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { verifyRows } from '../lists';
import type { ListsSettings } from '../lists/env';
import type { WorkspacePlan } from '../workspaces';
import { isPlausibleEmail } from './emails';
import { findOwnScrapeJob, jobProfiles } from './service';

/** POST /api/scrape-job/{id}/send-to-verify: the job's addresses become a list, and its verification starts. */
export async function sendJobToVerification(opts: {
  db: Db;
  queue: JobSender;
  /** The config's lists settings (batch size, lanes per run). */
  settings: ListsSettings;
  workspace: WorkspacePlan;
  jobId: string;
  now: Date;
}): Promise<{ emailCount: number; uploadId: string }> {
  const job = await findOwnScrapeJob({ db: opts.db, workspaceId: opts.workspace.id, jobId: opts.jobId });
  const rows = await jobProfiles({ db: opts.db, workspaceId: opts.workspace.id, jobId: job.id });
  const seen = new Set<string>();
  const withEmail = rows.filter((r) => {
    const e = r.email.toLowerCase();
    if (!e || !isPlausibleEmail(e) || seen.has(e)) return false;
    seen.add(e);
    return true;
  });
  if (!withEmail.length) throw badRequest('This search found no email addresses to verify');
  const label = job.mode === 'keyword' ? job.keywords.join(', ') : `${job.keywords.length} profiles`;
  return verifyRows({
    ...opts,
    name: `Instagram: ${label}`,
    headers: ['email', 'name', 'company', 'username'],
    rows: withEmail.map((r) => [
      r.email.toLowerCase(),
      r.cleaned?.cleanedFullName || r.profile.fullName,
      r.cleaned?.cleanedCompany ?? '',
      r.username,
    ]),
  });
}
