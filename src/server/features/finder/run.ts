import type { FindPerson } from '../../../shared/finder';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/client';
import type { JobContext, JobSender } from '../../platform/jobs/registry';
import { isClosing, processProber } from '../prober';
import { consumeQuota, QuotaExceededError } from '../usage/quota';
import { type BudgetHold, budgetNotice, noticeOf, parseDnsServers } from '../verification';
import { emitWebhookEvent } from '../webhooks/emit';
import { findWorkspacePlan } from '../workspaces';
import { discoveryStore } from './discovery';
import { domainExamples } from './domain-examples';
import { findMany } from './find-many';
import type { Found } from './find-person';
import { FIND_RUN_JOB } from './job-types';
import { countJob, jobById, moveJob, saveAnswer, setJob, waitingPeople } from './queries';
import { siteResolver } from './site-resolver';
import { yieldTurn } from './turns';

// A find job in the background (single or bulk): the people still unanswered, found through the
// process's shared prober, each answer stored as it comes (a restart resumes with the rest). A found
// address is metered as it is stored; when the plan's finds run out the job stops and says why.

/** How often progress and the lease are written, and a Stop is noticed. */
const TICK_MS = 1000;
/** A job whose lease is older than this is taken to have lost its worker. */
export const FIND_LEASE_MS = 90_000;

export async function runFindJob(opts: {
  ctx: Pick<JobContext, 'config' | 'database' | 'log' | 'sleep' | 'queue'>;
  clock: Clock;
  jobId: string;
}): Promise<void> {
  const { ctx, clock, jobId } = opts;
  const db = ctx.database.db;
  const job = await jobById(db, jobId);
  if (!job) return;
  // Paused on the probe budget: not before the window turns (the recovery sweep may wake it early).
  const until = job.notice?.kind === 'budget' ? Date.parse(job.notice.nextTryAt) : 0;
  if (until > clock().getTime() && job.status === 'queued') return;
  if (!(await moveJob(db, jobId, ['queued', 'running'], 'running', clock()))) return;
  await setJob(db, jobId, { heartbeatAt: clock() });
  if (job.kind === 'bulk' && (await yieldTurn({ ctx, clock, job, leaseMs: FIND_LEASE_MS }))) return;
  const workspace = await findWorkspacePlan(db, job.workspaceId);
  const verifier = processProber({ ...ctx, clock });
  // Stop: what the prober still holds of this find is withdrawn at once (nothing more is sent).
  const stop = new AbortController();
  let paused: BudgetHold | null = null;
  const knowledge = {
    db,
    config: ctx.config,
    resolve: siteResolver(parseDnsServers(ctx.config.DNS_SERVERS), ctx.config.DNS_TIMEOUT_MS),
    now: clock,
  };
  let stopped = false;
  let quotaMessage: string | null = null;
  const tick = async () => {
    const fresh = await jobById(db, jobId);
    if (fresh?.status !== 'running' || isClosing(verifier)) stopped = true;
    if (fresh?.status !== 'running') stop.abort();
    if (fresh)
      await setJob(db, jobId, {
        heartbeatAt: clock(),
        notice: paused ? budgetNotice(paused) : noticeOf(verifier, 'Finding'),
        ...(await countJob(db, jobId)),
      });
  };
  await setJob(db, jobId, { heartbeatAt: clock(), notice: noticeOf(verifier, 'Finding') });
  void verifier.checkResolver?.();
  const timer = setInterval(
    () => void tick().catch((err) => ctx.log.error({ err, jobId }, 'find job tick failed')),
    TICK_MS,
  );
  const people = await waitingPeople(db, jobId);
  const store = async (index: number, found: Found, meter: boolean) => {
    const row = people[index];
    const a = found.answer;
    if (meter && workspace && a.email && (a.status === 'valid' || a.status === 'accept_all')) {
      try {
        await consumeQuota({ db, config: ctx.config, workspace, kind: 'find', now: clock(), units: 1 });
      } catch (err) {
        if (!(err instanceof QuotaExceededError)) throw err;
        // The answer is not given once the plan's finds are used up: the row stays to be found later.
        quotaMessage = err.message;
        stopped = true;
        return;
      }
    }
    await saveAnswer(db, jobId, row.rowNo, found.domain, a, clock());
  };
  try {
    await findMany(
      people.map((r, index) => ({ index, person: personOf(r) })),
      {
        verifier,
        tenant: `find:${jobId}`,
        workspace: job.workspaceId,
        signal: stop.signal,
        onPaused: (hold) => {
          paused ??= hold;
          stopped = true;
        },
        concurrency: ctx.config.FINDER_CONCURRENCY,
        examples: (domain) => domainExamples(knowledge, job.workspaceId, domain),
        discovery: discoveryStore(db, job.workspaceId, clock),
        stopped: () => stopped,
        onFound: (i, f) => (stopped && isClosing(verifier) ? undefined : store(i, f, true)),
        onChange: (i, f) => store(i, f, false),
      },
    );
  } finally {
    clearInterval(timer);
  }
  if (isClosing(verifier)) return; // shutting down: the next process resumes the job
  if (paused && !quotaMessage && (await pauseJob({ ctx, clock, jobId, hold: paused }))) return;
  await finish({ ctx, clock, jobId, workspaceId: job.workspaceId, viaApi: job.viaApi, quotaMessage });
}

/**
 * The workspace's probe budget is spent: the people not answered stay unanswered (never "not found"),
 * the job waits queued with the notice, and is run again when the window turns.
 */
async function pauseJob(o: {
  ctx: { database: Database; queue: JobSender };
  clock: Clock;
  jobId: string;
  hold: BudgetHold;
}): Promise<boolean> {
  const db = o.ctx.database.db;
  if (!(await moveJob(db, o.jobId, ['running'], 'queued', o.clock()))) return false; // stopped meanwhile
  await setJob(db, o.jobId, {
    heartbeatAt: o.clock(),
    notice: budgetNotice(o.hold),
    ...(await countJob(db, o.jobId)),
  });
  const startAfter = Math.max(1, Math.ceil((o.hold.resumesAt - o.clock().getTime()) / 1000));
  await o.ctx.queue.send(FIND_RUN_JOB, { jobId: o.jobId }, { singletonKey: o.jobId, startAfter });
  return true;
}

function personOf(r: {
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  company: string;
}): FindPerson {
  return {
    firstName: r.firstName ?? undefined,
    lastName: r.lastName ?? undefined,
    fullName: r.fullName ?? undefined,
    company: r.company,
  };
}

async function finish(o: {
  ctx: { database: Database; queue: JobSender; config: Config };
  clock: Clock;
  jobId: string;
  workspaceId: string;
  viaApi: boolean;
  quotaMessage: string | null;
}) {
  const db = o.ctx.database.db;
  const counts = await countJob(db, o.jobId);
  const now = o.clock();
  // The final counts land before the status says the job ended: a reader never sees it ended short.
  await setJob(db, o.jobId, {
    ...counts,
    notice: null,
    ...(o.quotaMessage ? { error: o.quotaMessage } : {}),
  });
  const ended = o.quotaMessage
    ? await moveJob(db, o.jobId, ['running'], 'stopped', now)
    : await moveJob(db, o.jobId, ['running'], 'completed', now);
  const job = await jobById(db, o.jobId);
  if (!job || (!ended && job.status !== 'stopped')) return;
  if (job.kind === 'bulk' || o.viaApi) {
    await emitWebhookEvent({
      db,
      queue: o.ctx.queue,
      workspaceId: o.workspaceId,
      type: 'find.completed',
      key: `find.completed:${o.jobId}`,
      now,
      data: { findId: o.jobId, status: job.status, total: job.total, done: counts.done, found: counts.found },
    });
  }
}
