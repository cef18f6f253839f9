import type { Queue as QueueOptions, WorkOptions } from 'pg-boss';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Metrics } from '../ops/metrics';
import type { Sleep } from '../retry';

export type JobWorkOptions = Pick<WorkOptions, 'localConcurrency' | 'pollingIntervalSeconds'>;

/** What a job handler gets: the same dependencies as the HTTP routes. */
export interface JobContext {
  config: Config;
  database: Database;
  clock: Clock;
  /** How in-process retries wait (real time unless a test injects one). */
  sleep?: Sleep;
  metrics?: Metrics;
  queue: JobSender;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** A kind of job as its senders know it: the queue name and the payload's schema. */
export interface JobType<T extends object> {
  name: string;
  /** Types the payload; checked when the job is sent and again before its handler runs. */
  payload: z.ZodType<T>;
}

/** A job type on its own, for senders that must not import the handler (it would make an import cycle). */
export const jobType = <T extends object>(name: string, payload: z.ZodType<T>): JobType<T> => ({
  name,
  payload,
});

/** Payload of scheduled jobs and others that carry nothing. */
export const noPayload = z.object({}).strict();

export interface JobSender {
  send<T extends object>(
    job: JobType<T>,
    data: T,
    options?: { singletonKey?: string; startAfter?: number | Date },
  ): Promise<string | null>;
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
