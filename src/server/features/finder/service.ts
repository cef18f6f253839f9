import type { FindJob, FindPerson, FindResultsPage, FindResultsQuery } from '../../../shared/finder';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { awaitJob } from '../../platform/jobs/await-job';
import type { JobSender } from '../../platform/jobs/registry';
import { assertQuotaLeft } from '../usage';
import type { WorkspacePlan } from '../workspaces';
import { findQueueOf } from './job-types';
import {
  deleteJob,
  insertJob,
  insertPeople,
  jobOf,
  moveJob,
  recentJobs,
  resultCount,
  resultRows,
  resultsWhere,
  statusCounts,
} from './queries';
import type { FindJobRow } from './schema';
import { jobView, personName, resultView } from './views';

// The finder's named operations behind the routes and API v1: start a find (one person or many),
// read a job and its answers, stop it, delete it. Every read is filtered by the workspace: another
// workspace's job is "not found".

export async function startFind(opts: {
  db: Db;
  queue: JobSender;
  config: Config;
  workspace: WorkspacePlan;
  now: Date;
  kind: 'single' | 'bulk';
  name: string;
  people: FindPerson[];
  viaApi: boolean;
}): Promise<FindJobRow> {
  // A workspace whose finds are used up is told before anything is stored or asked.
  await assertQuotaLeft({
    db: opts.db,
    config: opts.config,
    workspace: opts.workspace,
    kind: 'find',
    now: opts.now,
  });
  const job = await insertJob(opts.db, {
    workspaceId: opts.workspace.id,
    kind: opts.kind,
    name: opts.name.slice(0, 120),
    total: opts.people.length,
    viaApi: opts.viaApi,
    now: opts.now,
  });
  await insertPeople(opts.db, job, opts.people);
  await opts.queue.send(findQueueOf(opts.kind), { jobId: job.id }, { singletonKey: job.id });
  return job;
}

/** One person, answered in the request when the server answers within the wait; else 202 and poll. */
export async function findOne(
  opts: Omit<Parameters<typeof startFind>[0], 'kind' | 'name' | 'people'> & {
    person: FindPerson;
    waitMs: number;
  },
) {
  const name = personName(opts.person) || 'Someone';
  const job = await startFind({
    ...opts,
    kind: 'single',
    name: `${name} at ${opts.person.company}`,
    people: [opts.person],
  });
  const current = await awaitJob({
    first: job,
    read: () => jobOf(opts.db, opts.workspace.id, job.id),
    // A wait on our side (the resolver lies, no mail server reachable) answers at once: the find waits
    // for it to pass, and the screen says why rather than spinning.
    done: (j) =>
      j.status === 'completed' || j.status === 'failed' || j.status === 'stopped' || Boolean(j.notice),
    waitMs: opts.waitMs,
  });
  const [row] = await resultRows(opts.db, resultsWhere(job.id, 'all', ''), 1, 0);
  return {
    status: row ? 200 : 202,
    body: { job: jobView(current), result: row ? resultView(row, 'single') : null },
  } as const;
}

/** The workspace's find job, or 404 (another workspace's job answers as a missing one). */
export async function findOwnFindJob(opts: {
  db: Db;
  workspaceId: string;
  jobId: string;
}): Promise<FindJobRow> {
  const job = await jobOf(opts.db, opts.workspaceId, opts.jobId);
  if (!job) throw notFound('Find not found');
  return job;
}

export async function listFinds(opts: { db: Db; workspaceId: string }): Promise<FindJob[]> {
  return (await recentJobs(opts.db, opts.workspaceId, 100)).map(jobView);
}

export async function findResultsPage(opts: {
  db: Db;
  workspaceId: string;
  jobId: string;
  query: FindResultsQuery;
}): Promise<FindResultsPage> {
  const { db, query: q } = opts;
  const job = await findOwnFindJob(opts);
  const where = resultsWhere(job.id, q.filter, q.search);
  const [rows, total, counts] = await Promise.all([
    resultRows(db, where, q.pageSize, (q.page - 1) * q.pageSize),
    resultCount(db, where),
    statusCounts(db, job.id),
  ]);
  return {
    job: jobView(job),
    results: rows.map((r) => resultView(r, job.kind)),
    total,
    page: q.page,
    pageSize: q.pageSize,
    counts: { valid: 0, accept_all: 0, unknown: 0, ambiguous: 0, not_found: 0, ...counts },
  };
}

/** Stop: people not yet asked stay unanswered; answers already given are kept (and metered). */
export async function stopFind(opts: {
  db: Db;
  workspaceId: string;
  jobId: string;
  now: Date;
}): Promise<FindJob> {
  const job = await findOwnFindJob(opts);
  await moveJob(opts.db, job.id, ['queued', 'running'], 'stopped', opts.now);
  return jobView(await findOwnFindJob(opts));
}

export async function removeFind(opts: { db: Db; workspaceId: string; jobId: string }): Promise<void> {
  if (!(await deleteJob(opts.db, opts.workspaceId, opts.jobId))) throw notFound('Find not found');
}
