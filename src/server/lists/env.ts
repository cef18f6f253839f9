import { z } from 'zod';
import { envInt } from '../config/env-helpers';

// Settings of the lists feature. Read from the process environment (the main config schema is shared
// and strips unknown keys); every value has a default that suits `npm start`.
const schema = z.object({
  /** Rows per work unit: one claim, one step-1 call of the engine, one set-based write. */
  LISTS_BATCH_SIZE: envInt(2000, 1, 50_000),
  /** Lanes (queue jobs) per run: how many workers, in any process, can share one upload. */
  LISTS_LANES: envInt(4, 1, 64),
  /** Lanes one process works at a time. */
  LISTS_WORKER_CONCURRENCY: envInt(4, 1, 64),
  /** Seconds a claimed batch stays reserved without a heartbeat before another worker takes it over. */
  LISTS_LEASE_S: envInt(30, 2, 3600),
  /** Uploads and their results are deleted this many days after upload (SPEC §9: 30). */
  LISTS_RETENTION_DAYS: envInt(30, 1, 3650),
});

export type ListsSettings = z.infer<typeof schema>;

let cached: ListsSettings | undefined;

export function listsSettings(env: Record<string, string | undefined> = process.env): ListsSettings {
  if (env === process.env && cached) return cached;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid lists configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  if (env === process.env) cached = parsed.data;
  return parsed.data;
}
