import type { PgBoss } from 'pg-boss';
import { z } from 'zod';

// What sending a job needs, apart from the handlers (registry.ts) and the queue's start (queue.ts), so
// the dependency type (deps.ts) can name the queue without importing what imports it.

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

/** The queue of a process: sends jobs, and is stopped at shutdown (readiness asks pg-boss itself). */
export interface Queue extends JobSender {
  boss: PgBoss;
  stop(): Promise<void>;
}
