import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Queue } from '../jobs/queue';

/** Everything a route or job needs, passed explicitly (no global singletons). */
export interface AppDeps {
  config: Config;
  database: Database;
  queue: Queue;
  clock: Clock;
}
