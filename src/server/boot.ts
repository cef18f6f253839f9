import pino from 'pino';
import { acceptDomainSuffixes } from '../shared/public-domain';
import { verifierStandingJob } from './features/deliverability/jobs';
import { allJobs } from './features/index';
import {
  closeProcessProbers,
  drainProcessProbers,
  engineLogger,
  processProber,
  selfCheck,
} from './features/prober';
import { shareFleetRateLimits } from './features/smartlead/connection/fleet-rate';
import { type Clock, offsetFileClock, systemClock } from './platform/clock';
import type { Config } from './platform/config';
import { type Database, openDatabase } from './platform/db/client';
import { lockDataDir } from './platform/db/data-dir-lock';
import { migrate } from './platform/db/migrate';
import type { AppDeps } from './platform/deps';
import { type Queue, startQueue } from './platform/jobs/queue';
import { setExternalCallObserver } from './platform/ops/external-calls';
import { createMetrics, queueDepthOf } from './platform/ops/metrics';

export interface Runtime extends AppDeps {
  log: pino.Logger;
  shutdown(): Promise<void>;
}

/** config → database (locked if embedded) → migrations → job queue. Shared by the server and workers. */
export async function bootRuntime(
  config: Config,
  opts: { work: boolean; schedule: boolean; clock?: Clock },
): Promise<Runtime> {
  const log = pino({ level: config.LOG_LEVEL });
  // The typed-domain rule is a shared contract (server and web): its one setting is given to it here.
  acceptDomainSuffixes(config.DOMAIN_EXTRA_SUFFIXES);
  let release = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
  } else {
    release = lockDataDir(config.dataDir);
    try {
      database = await openDatabase({
        kind: 'pglite',
        dataDir: config.dataDir,
        thread: config.EMBEDDED_DB_THREAD ? 'own' : 'caller',
        sharedBuffers: config.EMBEDDED_DB_SHARED_BUFFERS,
      });
    } catch (err) {
      release();
      throw err;
    }
  }
  // Its thread dying leaves nothing to serve: exit, and the next start resumes the runs.
  database.onFailure?.((err) => {
    log.fatal({ err }, 'the embedded database stopped');
    release();
    process.exit(1);
  });
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'database migrated');
  // Several processes may share PostgreSQL (and so the Smartlead keys): one rate limit for them all.
  if (database.kind === 'postgres') shareFleetRateLimits(database.db);
  const testClock = config.NODE_ENV === 'test' && config.TEST_CLOCK_FILE;
  const clock = opts.clock ?? (testClock ? offsetFileClock(testClock) : systemClock);
  const metrics = createMetrics();
  setExternalCallObserver((service, outcome) => metrics.externalCall(service, outcome));
  // A process that verifies builds its prober now: loading the disposable-domain list (~0.1 s of
  // this thread) would otherwise stall every request in flight when the first run starts. Built
  // first, it takes the process's metrics hooks.
  if (opts.work) processProber({ config, database, log, clock, metrics });
  const queue: Queue = await startQueue({
    database,
    definitions: allJobs(),
    work: opts.work,
    schedule: opts.schedule,
    context: { config, database, clock, log, metrics },
  });
  metrics.setQueueDepthSource(queueDepthOf(database));
  // Processes that verify check once that mail servers can be reached from here (logged, not blocking).
  if (opts.work) void selfCheck(config, engineLogger(log));
  // … and how mail servers see us (address, reverse DNS, HELO, blocklists); then hourly (the job).
  if (opts.work && config.NODE_ENV !== 'test')
    void queue.send(verifierStandingJob, {}).catch(() => undefined);
  return {
    config,
    database,
    queue,
    clock,
    metrics,
    log,
    // Once only: Ctrl-C under `npm start` reaches the server twice (from the terminal and relayed by
    // tsx), and a second pass closed the database again ("database close failed: PGlite is closed").
    shutdown: once(async () => {
      // Lanes stop between batches and give theirs back while the queue waits for its jobs to end.
      drainProcessProbers();
      await queue.stop().catch((err) => log.error({ err }, 'queue stop failed'));
      // Open SMTP sessions say QUIT; addresses still pending go back unjudged (resumed after restart).
      await closeProcessProbers().catch((err) => log.error({ err }, 'prober close failed'));
      await database.close().catch((err) => log.error({ err }, 'database close failed'));
      release();
    }),
  };
}

/** `fn` runs on the first call; later calls get the same promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= fn();
    return running;
  };
}
