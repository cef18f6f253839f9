import { fromPglite, PgBoss } from 'pg-boss';
import { runInBackground } from '../db/background';
import type { Database } from '../db/client';
import type { JobContext, JobDefinition } from './registry';
import type { Queue } from './sender';

export type { Queue };

export interface StartQueueOptions {
  database: Database;
  definitions: JobDefinition<any>[];
  /** Work jobs in this process (false: only send). */
  work: boolean;
  /** Keep the cron schedules (only one kind of process needs to; harmless if several do). */
  schedule: boolean;
  context: Omit<JobContext, 'queue'>;
}

/** pg-boss on the same database as the app: PGlite through its adapter, PostgreSQL through a pool. */
export async function startQueue(opts: StartQueueOptions): Promise<Queue> {
  const { database } = opts;
  // Workers are woken by a NOTIFY sent with each job instead of each polling every second: some
  // twenty idle workers (16 of them run lanes) polling were the largest consumer of the embedded
  // database's one connection under load (bench/README.md).
  const common = { schedule: opts.schedule, useListenNotify: true };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(database.pglite as Parameters<typeof fromPglite>[0]),
          backend: 'pglite',
          ...common,
        })
      : new PgBoss({ connectionString: database.connectionString!, max: 4, ...common });
  boss.on('error', (err) => opts.context.log.error({ err }, 'job queue error'));
  // pg-boss's own timers (polling, maintenance) start here and count as background work too.
  await runInBackground(() => boss.start());

  const queue: Queue = {
    boss,
    // A payload that does not match its schema fails here, at the sender, not later in a worker.
    send: async (job, data, options) => boss.send(job.name, job.payload.parse(data), options ?? {}),
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
  const ctx: JobContext = { ...opts.context, queue };

  // A cron job that was removed from the code keeps its schedule in the database: drop it, or its
  // jobs would pile up in a queue nobody works.
  const schedules = opts.schedule ? await boss.getSchedules() : [];
  if (opts.schedule) {
    const known = new Set(opts.definitions.filter((d) => d.cron).map((d) => d.name));
    for (const s of schedules) {
      if (!known.has(s.name)) await boss.unschedule(s.name, s.key);
    }
  }

  // Queues and schedules are read once and only what is missing or stale is written: creating or
  // updating every queue at each boot was ~70 statements, a second of CPU per process start and per
  // test app on the embedded database.
  const queues = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const def of opts.definitions) {
    const existing = queues.get(def.name);
    if (!existing) await boss.createQueue(def.name, { ...def.queue, notify: true });
    // A queue created before notify was turned on keeps its old options: update it in place.
    else if (!existing.notify) await boss.updateQueue(def.name, { notify: true });
    const scheduled = schedules.some((s) => s.name === def.name && !s.key && s.cron === def.cron);
    if (def.cron && opts.schedule && !scheduled) await boss.schedule(def.name, def.cron, {});
    if (!opts.work) continue;
    await runInBackground(() =>
      boss.work(
        def.name,
        {
          batchSize: 1,
          pollingIntervalSeconds: 1,
          // How often an idle worker looks for jobs nobody announced: retries and jobs sent with
          // `startAfter` become due without a NOTIFY. New jobs wake their workers at once.
          notifyPollingIntervalSeconds: opts.context.config.JOBS_IDLE_POLL_S,
          ...(typeof def.work === 'function' ? def.work(opts.context.config) : (def.work ?? {})),
        },
        // Marked as background work: the embedded database interleaves its statements with requests'.
        (jobs: { id: string; data: object }[]) =>
          runInBackground(async () => {
            for (const job of jobs) {
              try {
                await def.handle(def.payload.parse(job.data), { ...ctx, jobId: job.id });
                ctx.metrics?.jobRun(def.name, 'completed');
              } catch (err) {
                ctx.metrics?.jobRun(def.name, 'failed');
                throw err;
              }
            }
          }),
      ),
    );
  }
  return queue;
}
