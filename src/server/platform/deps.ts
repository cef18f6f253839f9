import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobSender, Queue } from './jobs/sender';
import type { Metrics } from './ops/metrics';
import type { Sleep } from './retry';

/**
 * What every route and background job is given, passed explicitly (no global singletons), so a test
 * can hand in its own clock, sleep and database. `Q` is what the holder may do with the job queue:
 * jobs and most routes only send; the app's routes hold the queue itself (readiness asks it).
 */
export interface Deps<Q extends JobSender = JobSender> {
  config: Config;
  database: Database;
  queue: Q;
  clock: Clock;
  /** How in-process retries wait (real time unless a test injects one); see retry.ts. */
  sleep?: Sleep;
  /** Prometheus metrics of this process (absent in tests that do not look at them). */
  metrics?: Metrics;
}

/** The HTTP app's dependencies. */
export type AppDeps = Deps<Queue>;
