import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { defineJob, type JobSender, noPayload } from '../../platform/jobs/registry';
import { runFullProfile, staleFullProfiles } from './get-full';
import { SCRAPE_FULL_JOB, SCRAPE_RUN_JOB } from './job-types';
import { LEASE_MS, runScrapeJob } from './runner';
import { scrapeJobs } from './schema';

export const scrapeRunJob = defineJob({
  ...SCRAPE_RUN_JOB,
  // Long polls of the provider: a job may run for many minutes; the lease (heartbeat) guards duplicates.
  queue: { expireInSeconds: 3 * 60 * 60, retryLimit: 2, retryDelay: 30 },
  work: { localConcurrency: 4 },
  async handle(data, ctx) {
    await runScrapeJob({
      db: ctx.database.db,
      config: ctx.config,
      clock: ctx.clock,
      jobId: data.jobId,
      log: ctx.log,
    });
  },
});

export const scrapeFullJob = defineJob({
  ...SCRAPE_FULL_JOB,
  // One profile run is short; a failure is recorded on the row (shown on the screen), not retried blind.
  queue: { expireInSeconds: 30 * 60, retryLimit: 2, retryDelay: 30 },
  work: { localConcurrency: 2 },
  async handle(data, ctx) {
    await runFullProfile({
      db: ctx.database.db,
      config: ctx.config,
      clock: ctx.clock,
      profileId: data.profileId,
      log: ctx.log,
    });
  },
});

/** Jobs whose worker stopped (restart, crash) are queued again; they resume from their stored runs. */
export async function resumeStaleScrapeJobs(opts: {
  db: Db;
  queue: JobSender;
  now: Date;
}): Promise<string[]> {
  const stale = new Date(opts.now.getTime() - LEASE_MS);
  const rows = await opts.db
    .select({ id: scrapeJobs.id })
    .from(scrapeJobs)
    .where(
      and(
        inArray(scrapeJobs.status, ['pending', 'running']),
        or(
          and(
            isNull(scrapeJobs.heartbeatAt),
            lt(scrapeJobs.createdAt, new Date(opts.now.getTime() - 60_000)),
          ),
          lt(scrapeJobs.heartbeatAt, stale),
        ),
      ),
    );
  for (const r of rows) await opts.queue.send(SCRAPE_RUN_JOB, { jobId: r.id }, { singletonKey: r.id });
  // Get Full requests too; the singleton key keeps a request still waiting in the queue from doubling.
  const full = await staleFullProfiles(opts.db, opts.now);
  for (const id of full)
    await opts.queue.send(SCRAPE_FULL_JOB, { profileId: id }, { singletonKey: `full:${id}` });
  return [...rows.map((r) => r.id), ...full];
}

export const scrapeRecoverJob = defineJob({
  name: 'scrape-recover',
  payload: noPayload,
  cron: '* * * * *',
  async handle(_data, ctx) {
    const ids = await resumeStaleScrapeJobs({ db: ctx.database.db, queue: ctx.queue, now: ctx.clock() });
    if (ids.length) ctx.log.info({ ids }, 'stale scrape jobs re-queued');
  },
});
