import { csvLine } from '../../../shared/csv';
import { FIND_STATUS_LABELS, type FindSendResponse, PATTERN_SOURCE_LABELS } from '../../../shared/finder';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { type CarriedVerdict, verifyRows } from '../lists';
import type { ListsSettings } from '../lists/env';
import type { WorkspacePlan } from '../workspaces';
import { resultRows, resultsWhere } from './queries';
import type { FindResultRow } from './schema';
import { findOwnFindJob } from './service';
import { personName } from './views';

// A find's answers leaving the finder: a CSV (formula-safe, as every export), or a verification list
// of the found addresses (valid and accept-all), from which the lists' own "Send to Smartlead" goes on.

const HEADERS = [
  'name',
  'company',
  'domain',
  'email',
  'status',
  'score',
  'pattern',
  'pattern_source',
  'smtp_reply',
  'note',
];
const PAGE = 1000;

export async function* exportFind(opts: {
  db: Db;
  workspaceId: string;
  jobId: string;
}): AsyncGenerator<string> {
  const { db } = opts;
  const job = await findOwnFindJob(opts);
  yield `\uFEFF${csvLine(HEADERS)}`;
  for (let offset = 0; ; offset += PAGE) {
    const rows = await resultRows(db, resultsWhere(job.id, 'all', ''), PAGE, offset);
    for (const r of rows) {
      const e = r.evidence;
      yield csvLine([
        personName(r),
        r.company,
        r.domain,
        r.email,
        r.status ? FIND_STATUS_LABELS[r.status] : '',
        r.score,
        r.pattern,
        e ? PATTERN_SOURCE_LABELS[e.source] : '',
        e?.smtpCode ? `${e.smtpCode} ${e.smtpMessage ?? ''}`.trim() : '',
        e?.note,
      ]);
    }
    if (rows.length < PAGE) return;
  }
}

/**
 * What the finder heard about a found address, carried into the list when younger than the
 * re-verification window (REVERIFY_AFTER_DAYS, the window a list's lead is asked again in before it
 * goes to Smartlead): the list then asks the server only about the older ones.
 */
function carriedOf(rows: FindResultRow[], now: Date, afterDays: number): CarriedVerdict[] {
  const since = now.getTime() - afterDays * 86_400_000;
  return rows.flatMap((r) => {
    if (!r.email || !r.finishedAt || r.finishedAt.getTime() < since || afterDays <= 0) return [];
    const reason = r.status === 'valid' ? 'accepted' : r.status === 'accept_all' ? 'catch_all' : null;
    if (!reason) return [];
    const e = r.evidence;
    return [
      {
        email: r.email,
        reason,
        smtpCode: e?.smtpCode ?? null,
        smtpMessage: e?.smtpMessage ?? null,
        mxHost: null,
        heardAt: r.finishedAt,
      } satisfies CarriedVerdict,
    ];
  });
}

export async function sendFindToVerification(opts: {
  db: Db;
  queue: JobSender;
  settings: ListsSettings & { REVERIFY_AFTER_DAYS: number };
  workspace: WorkspacePlan;
  jobId: string;
  now: Date;
}): Promise<FindSendResponse> {
  const job = await findOwnFindJob({ db: opts.db, workspaceId: opts.workspace.id, jobId: opts.jobId });
  const rows = await resultRows(opts.db, resultsWhere(job.id, 'found', ''), 100_000, 0);
  if (rows.length === 0) throw badRequest('This find has no addresses to verify yet');
  return verifyRows({
    ...opts,
    name: `Finder: ${job.name}`,
    headers: ['email', 'name', 'company'],
    rows: rows.map((r) => [r.email ?? '', personName(r), r.company]),
    carried: carriedOf(rows, opts.now, opts.settings.REVERIFY_AFTER_DAYS),
  });
}
