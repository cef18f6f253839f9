import type { Db } from '../../platform/db/client';
import { defineJob, type JobSender, noPayload } from '../../platform/jobs/registry';
import { FIND_RUN_JOB, FIND_SINGLE_JOB, findQueueOf } from './job-types';
import { staleJobs } from './queries';
import { FIND_LEASE_MS, runFindJob } from './run';

export const findRunJob = defineJob({
  ...FIND_RUN_JOB,
  // A bulk find may take many minutes at slow servers; the lease (heartbeat) guards duplicates.
  queue: { expireInSeconds: 6 * 60 * 60, retryLimit: 2, retryDelay: 30 },
  work: { localConcurrency: 4, pollingIntervalSeconds: 0.5 },
  async handle(data, ctx) {
    await runFindJob({ ctx, clock: ctx.clock, jobId: data.jobId });
  },
});

/** Single finds, on their own slots (a person waits on each; bulk finds cannot fill them). */
export const findSingleJob = defineJob({
  ...FIND_SINGLE_JOB,
  queue: { expireInSeconds: 60 * 60, retryLimit: 2, retryDelay: 5 },
  work: { localConcurrency: 8, pollingIntervalSeconds: 0.5 },
  async handle(data, ctx) {
    await runFindJob({ ctx, clock: ctx.clock, jobId: data.jobId });
  },
});

/** Finds whose worker stopped (a restart, a crash) are queued again and go on with the people left. */
export const findRecoverJob = defineJob({
  name: 'find-recover',
  payload: noPayload,
  cron: '* * * * *',
  async handle(_data, ctx) {
    const ids = await resumeFinds({
      db: ctx.database.db,
      queue: ctx.queue,
      before: new Date(ctx.clock().getTime() - FIND_LEASE_MS),
    });
    if (ids.length) ctx.log.info({ ids }, 'stale find jobs re-queued');
  },
});

/** Queues again the finds left queued or running whose last heartbeat is older than `before`. */
export async function resumeFinds(o: { db: Db; queue: JobSender; before: Date }): Promise<string[]> {
  const jobs = await staleJobs(o.db, o.before);
  for (const j of jobs) await o.queue.send(findQueueOf(j.kind), { jobId: j.id }, { singletonKey: j.id });
  return jobs.map((j) => j.id);
}
