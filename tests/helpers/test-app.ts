import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { type Clock, movableClock } from '../../src/server/clock';
import { type Config, loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { allJobs } from '../../src/server/features';
import { type Queue, startQueue } from '../../src/server/jobs/queue';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  queue: Queue;
  clock: ReturnType<typeof movableClock>;
  close(): Promise<void>;
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
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/unused',
    // Fakes listen on 127.x: tests reach them (production refuses non-public mail hosts).
    SMTP_ALLOW_PRIVATE: 'true',
    // The test database outlives a run (PostgreSQL): knowledge would leak verdicts between suites.
    VERIFICATION_DOMAIN_TTL_S: '0',
    VERIFICATION_MAILBOX_TTL_S: '0',
    ...opts.env,
  });
  const url = process.env.TEST_DATABASE_URL;
  const database = url
    ? await openDatabase({ kind: 'postgres', url, poolSize: 4 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(database);
  const clock = movableClock();
  const queue = await startQueue({
    database,
    definitions: allJobs(),
    work: opts.work ?? false,
    schedule: opts.schedule ?? false,
    context: { config, database, clock, log: pino({ level: 'silent' }) },
  });
  const app = await buildApp(
    { config, database, queue, clock },
    opts.logStream ? { logger: true, logStream: opts.logStream } : {},
  );
  await app.ready();
  return {
    app,
    config,
    database,
    queue,
    clock,
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
    },
  };
}
