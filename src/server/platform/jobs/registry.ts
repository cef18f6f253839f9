import type { Queue as QueueOptions, WorkOptions } from 'pg-boss';
import type { Config } from '../config';
import type { Deps } from '../deps';
import type { JobType } from './sender';

// Senders import these from here too: a feature's jobs.ts names one module for everything about jobs.
export { type JobSender, type JobType, jobType, noPayload } from './sender';

export type JobWorkOptions = Pick<WorkOptions, 'localConcurrency' | 'pollingIntervalSeconds'>;

/** What a job handler gets: the routes' dependencies (it may send jobs), and the process's log. */
export interface JobContext extends Deps {
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * One kind of background work. Features declare these; the queue creates the queue, schedules it when
 * `cron` is given, and runs `handle` in every process that works jobs (the server and `npm run worker`).
 */
export interface JobDefinition<T extends object = Record<string, unknown>> extends JobType<T> {
  cron?: string;
  queue?: Omit<QueueOptions, 'name'>;
  /** Worker options; a function of the config when they come from settings. */
  work?: JobWorkOptions | ((config: Config) => JobWorkOptions);
  handle(data: T, ctx: JobContext & { jobId: string }): Promise<void>;
}

export function defineJob<T extends object>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}
