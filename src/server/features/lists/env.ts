import { z } from 'zod';
import { envInt } from '../../platform/config/env-helpers';

// Settings of the lists feature: a fragment of the main config schema (config/index.ts spreads it),
// so they arrive in `deps.config` / the job context's `config` like every other setting.
export const listsEnv = {
  /** Rows per work unit: one claim, one step-1 call of the engine, one set-based write. */
  LISTS_BATCH_SIZE: envInt(2000, 1, 50_000),
  /** Lanes (queue jobs) per run: how many workers, in any process, can share one upload. */
  LISTS_LANES: envInt(4, 1, 64),
  /** Lanes one process works at a time (several uploads at once: they share one prober, fairly). */
  LISTS_WORKER_CONCURRENCY: envInt(16, 1, 64),
  /** Seconds a claimed batch stays reserved without a heartbeat before another worker takes it over. */
  LISTS_LEASE_S: envInt(30, 2, 3600),
  /** Uploads and their results are deleted this many days after upload (30). */
  LISTS_RETENTION_DAYS: envInt(30, 1, 3650),
};

const listsEnvSchema = z.object(listsEnv);
export type ListsSettings = z.infer<typeof listsEnvSchema>;

/** The defaults, for callers outside a request or job (test helpers building an upload). */
export const LISTS_DEFAULTS: ListsSettings = listsEnvSchema.parse({});
