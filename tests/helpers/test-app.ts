import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { allJobs } from '../../src/server/features/index';
import { closeProcessProbers } from '../../src/server/features/prober';
import { type Clock, movableClock } from '../../src/server/platform/clock';
import { type Config, loadConfig } from '../../src/server/platform/config';
import { type Database, openDatabase } from '../../src/server/platform/db/client';
import { migrate } from '../../src/server/platform/db/migrate';
import { type Queue, startQueue } from '../../src/server/platform/jobs/queue';
import { createMetrics, type Metrics, queueDepthOf } from '../../src/server/platform/ops/metrics';
import type { Sleep } from '../../src/server/platform/retry';
import { readPgliteSnapshot, TEST_ENV } from './pglite-snapshot';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  queue: Queue;
  clock: ReturnType<typeof movableClock>;
  /** Every back-off the app asked to wait, in ms (the injected sleep only yields). */
  sleeps: number[];
  metrics: Metrics;
  close(): Promise<void>;
}

/**
 * PostgreSQL when TEST_DATABASE_URL is set; otherwise an in-memory PGlite loaded from the run's migrated
 * snapshot (tests/helpers/global-setup.ts), or started empty when run without it.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const snapshot = inject('pgliteSnapshot');
  const loadDataDir = snapshot ? await readPgliteSnapshot(snapshot) : undefined;
  return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir });
}

/**
 * A real app on a real database: in-memory PGlite by default, PostgreSQL when TEST_DATABASE_URL is set
 * (`npm run test:pg`). Tests share that database, so each creates its own users.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    work?: boolean;
    schedule?: boolean;
    clock?: Clock;
    /** Where the request log goes (at the config's LOG_LEVEL); no request log without it. */
    logStream?: NodeJS.WritableStream;
    sleep?: Sleep;
    /** A database the suite prepared itself (e.g. at an older schema); closed with the app. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ ...TEST_ENV, ...opts.env });
  const database = opts.database ?? (await openTestDatabase());
  await migrate(database); // a no-op on the snapshot, unless a migration was added after it was taken
  const clock = movableClock();
  const metrics = createMetrics();
  // Retries back off without waiting for real; suites can still assert on the delays asked for.
  const sleeps: number[] = [];
  const sleep: Sleep =
    opts.sleep ??
    ((ms) => {
      sleeps.push(ms);
      return new Promise((resolve) => setImmediate(resolve));
    });
  const queue = await startQueue({
    database,
    definitions: allJobs(),
    work: opts.work ?? false,
    schedule: opts.schedule ?? false,
    context: { config, database, clock, sleep, metrics, log: pino({ level: 'silent' }) },
  });
  metrics.setQueueDepthSource(queueDepthOf(database));
  const app = await buildApp(
    { config, database, queue, clock, sleep, metrics },
    opts.logStream ? { logger: true, logStream: opts.logStream } : {},
  );
  await app.ready();
  return {
    app,
    config,
    database,
    queue,
    clock,
    sleeps,
    metrics,
    async close() {
      await app.close();
      await queue.stop();
      // The engine's probers are per process (as at shutdown, boot.ts): the next suite in this worker
      // must not inherit their sessions and databases.
      await closeProcessProbers();
      await database.close();
    },
  };
}
