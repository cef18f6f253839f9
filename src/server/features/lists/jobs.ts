import { defineJob, noPayload } from '../../platform/jobs/registry';
import { resumeRuns } from './resume';
import { deleteExpiredUploads } from './retention';
import { runLane } from './run';
import { RUN_JOB } from './start';

/** A lane of a verification run (see run.ts). Several per upload, worked by any process. */
export const runJob = defineJob({
  ...RUN_JOB,
  // 'short': at most one queued job per singletonKey (upload:lane), so starting twice queues once.
  queue: { policy: 'short', retryLimit: 3, retryDelay: 5, expireInSeconds: 6 * 3600 },
  work: (config) => ({ localConcurrency: config.LISTS_WORKER_CONCURRENCY, pollingIntervalSeconds: 1 }),
  async handle(data, ctx) {
    await runLane({ ctx, uploadId: data.uploadId, lane: data.lane, jobId: ctx.jobId });
  },
});

/** Every minute: runs whose workers all died get new lanes (their leases lapse on their own). */
export const sweepJob = defineJob({
  name: 'lists-sweep',
  payload: noPayload,
  cron: '* * * * *',
  async handle(_data, ctx) {
    const resumed = await resumeRuns({
      database: ctx.database,
      queue: ctx.queue,
      settings: ctx.config,
      atBoot: false,
    });
    if (resumed) ctx.log.info({ resumed }, 'verification runs resumed');
  },
});

/** Daily: lists and results older than the retention period (30 days) are deleted. */
export const retentionJob = defineJob({
  name: 'lists-retention',
  payload: noPayload,
  cron: '17 3 * * *',
  async handle(_data, ctx) {
    const removed = await deleteExpiredUploads({
      db: ctx.database.db,
      now: ctx.clock(),
      days: ctx.config.LISTS_RETENTION_DAYS,
    });
    if (removed) ctx.log.info({ removed }, 'expired uploads deleted');
  },
});

export const listsJobs = [runJob, sweepJob, retentionJob];
