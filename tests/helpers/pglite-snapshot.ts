import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { allJobs } from '../../src/server/features/index';
import { movableClock } from '../../src/server/platform/clock';
import { loadConfig } from '../../src/server/platform/config';
import { type Database, openDatabase } from '../../src/server/platform/db/client';
import { migrate } from '../../src/server/platform/db/migrate';
import { startQueue } from '../../src/server/platform/jobs/queue';

/** Settings every test app starts from (a suite's own env is laid over them). */
export const TEST_ENV = {
  NODE_ENV: 'test',
  SERVE_WEB: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: '.tmp/unused',
  // Fakes listen on 127.x: tests reach them (production refuses non-public mail hosts).
  SMTP_ALLOW_PRIVATE: 'true',
  // The test database outlives a run (PostgreSQL): knowledge would leak verdicts between suites.
  VERIFICATION_DOMAIN_TTL_S: '0',
  VERIFICATION_MAILBOX_TTL_S: '0',
  // Retries (real pg-boss delays of a second or two) are picked up without waiting out the default.
  JOBS_IDLE_POLL_S: '1',
  // The suites hash hundreds of passwords: argon2id at 1 MiB instead of 19 (allowed in tests only).
  PASSWORD_HASH_MEMORY_KIB: '1024',
  // The fakes' domains (a.test, x.example) are not under public suffixes (shared/public-domain.ts).
  DOMAIN_EXTRA_SUFFIXES: 'test,example,invalid',
} as const;

/**
 * Builds a fully set-up embedded database once: every migration applied and pg-boss's schema and queues
 * created. Starting PGlite empty runs initdb and the migrations (seconds per suite); loading this
 * snapshot skips both. Returns the tarball as bytes.
 */
export async function buildPgliteSnapshot(): Promise<Blob> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await prepare(database);
    // In memory, the database runs in this thread: the handle is PGlite itself.
    const pglite = database.pglite;
    if (!(pglite instanceof PGlite)) throw new Error('the test database must run in this thread');
    // Every suite unpacks this tarball: without the template databases (no suite creates a database
    // on PGlite) it is 28 MB instead of 43, and a test database starts in two thirds of the time.
    await pglite.exec(
      "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
    );
    await pglite.exec('DROP DATABASE template0');
    await pglite.exec('DROP DATABASE template1');
    await pglite.exec('CHECKPOINT');
    return await pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** Every migration applied and pg-boss's schema and queues created. */
async function prepare(database: Database): Promise<void> {
  await migrate(database);
  const config = loadConfig({ ...TEST_ENV });
  const queue = await startQueue({
    database,
    definitions: allJobs(),
    work: false,
    schedule: false,
    context: { config, database, clock: movableClock(), log: pino({ level: 'silent' }) },
  });
  await queue.stop();
}

/** The same set-up on a PostgreSQL database, which then serves as each test file's template. */
export async function migratePostgresTemplate(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
}

/** Writes a snapshot to a fresh temporary folder; the returned function removes it. */
export async function writePgliteSnapshot(): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'verilead-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await buildPgliteSnapshot()).arrayBuffer()));
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

const snapshots = new Map<string, Promise<Blob>>();

/** The snapshot's bytes, read once per worker (a Blob is immutable: every database loads a copy). */
export function readPgliteSnapshot(file: string): Promise<Blob> {
  let blob = snapshots.get(file);
  if (!blob) {
    blob = readFile(file).then((bytes) => new Blob([bytes]));
    snapshots.set(file, blob);
  }
  return blob;
}
