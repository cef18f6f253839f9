// `npm run bench:test-setup`: what one API suite pays to get its database, before and after the run-wide
// migrated snapshot (tests/helpers/global-setup.ts). Each round measures both ways, interleaved, in this
// process: an empty in-memory PGlite + migrations + pg-boss schema, then a copy of the snapshot loaded.
import { loadavg } from 'node:os';
import pino from 'pino';
import { allJobs } from '../src/server/features/index';
import { movableClock } from '../src/server/platform/clock';
import { loadConfig } from '../src/server/platform/config';
import { type Database, openDatabase } from '../src/server/platform/db/client';
import { migrate } from '../src/server/platform/db/migrate';
import { startQueue } from '../src/server/platform/jobs/queue';
import { buildPgliteSnapshot, TEST_ENV } from '../tests/helpers/pglite-snapshot';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const config = loadConfig({ ...TEST_ENV });

async function setUp(open: () => Promise<Database>): Promise<number> {
  const started = performance.now();
  const database = await open();
  await migrate(database);
  const queue = await startQueue({
    database,
    definitions: allJobs(),
    work: false,
    schedule: false,
    context: { config, database, clock: movableClock(), log: pino({ level: 'silent' }) },
  });
  const ms = performance.now() - started;
  await queue.stop();
  await database.close();
  return ms;
}

const snapshotStarted = performance.now();
const snapshot = await buildPgliteSnapshot();
console.log(`snapshot built once per run: ${((performance.now() - snapshotStarted) / 1000).toFixed(2)} s`);

const fresh: number[] = [];
const loaded: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  fresh.push(await setUp(() => openDatabase({ kind: 'pglite', dataDir: null })));
  loaded.push(await setUp(() => openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: snapshot })));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] / 1000;
const f = median(fresh);
const l = median(loaded);
console.log(
  `per-suite setup, median of ${ROUNDS} interleaved rounds (load average ${loadavg()[0].toFixed(1)}):`,
);
console.log(`  empty PGlite + migrations + queue schema: ${f.toFixed(2)} s`);
console.log(`  migrated snapshot loaded:                 ${l.toFixed(2)} s  (${(f / l).toFixed(1)}x faster)`);
process.exit(0);
