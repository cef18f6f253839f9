import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Queue } from '../jobs/queue';
import type { Metrics } from '../ops/metrics';
import type { Sleep } from '../retry';

/** Everything a route or job needs, passed explicitly (no global singletons). */
export interface AppDeps {
  config: Config;
  database: Database;
  queue: Queue;
  clock: Clock;
  /** How in-process retries wait (real time unless a test injects one); see retry.ts. */
  sleep?: Sleep;
  /** Prometheus metrics of this process (absent in tests that do not look at them). */
  metrics?: Metrics;
}
