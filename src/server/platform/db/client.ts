import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteModules } from './pglite-modules';
import { RemotePglite } from './pglite-remote';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL on one connection (so advisory locks and multi-statement scripts behave). */
export type RawRunner = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
};

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL on the shared pool/connection. */
  raw: RawRunner;
  /** Borrow one connection for a sequence of raw statements. */
  withConnection<T>(fn: (conn: RawRunner) => Promise<T>): Promise<T>;
  /** The PGlite handle (embedded only), e.g. for pg-boss's adapter: in this thread or its own. */
  pglite?: PGlite | RemotePglite;
  /** The embedded database runs in a thread of its own (statements never block this thread). */
  ownThread?: boolean;
  /** Called if the embedded database's thread dies (every later statement fails). */
  onFailure?(handler: (err: Error) => void): void;
  /**
   * Embedded database in its own thread only (the one process that can open its data directory, so
   * it sees every write): `fn` hears the tables each write statement touches (RemotePglite.onWrite).
   */
  onWrite?(fn: (tables: string[]) => void): () => void;
  connectionString?: string;
  close(): Promise<void>;
}

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  // dataDir null: in memory (tests). thread: the database's own thread (default when on disk: the
  // server's) or this thread (default in memory: tests start fast and have no concurrent load).
  // loadDataDir: start from a dumped data directory (the tests' migrated snapshot; in memory only).
  // sharedBuffers: PostgreSQL's shared_buffers in the database's own thread (EMBEDDED_DB_SHARED_BUFFERS).
  | {
      kind: 'pglite';
      dataDir: string | null;
      thread?: 'own' | 'caller';
      loadDataDir?: Blob;
      sharedBuffers?: string;
    };

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') return openPostgres(opts.url, opts.poolSize ?? 10);
  const own = opts.thread ? opts.thread === 'own' : opts.dataDir !== null;
  return own
    ? openPgliteThread(opts.dataDir, opts.sharedBuffers)
    : openPglite(opts.dataDir, opts.loadDataDir);
}

/** PGlite in a worker thread of its own (pglite-remote.ts): the server's thread stays free. */
async function openPgliteThread(dataDir: string | null, sharedBuffers?: string): Promise<Database> {
  const remote = await RemotePglite.open(dataDir ? path.join(dataDir, 'pglite') : null, { sharedBuffers });
  const runner = (conn: Pick<RemotePglite, 'query' | 'exec'>): RawRunner => ({
    async query<T>(text: string, params?: unknown[]) {
      return (await conn.query<T>(text, params)).rows;
    },
    async exec(text: string) {
      await conn.exec(text);
    },
  });
  return {
    kind: 'pglite',
    db: drizzlePglite(remote as unknown as PGlite, { schema }) as unknown as Db,
    raw: runner(remote),
    // The connection is held for `fn` alone: nobody else's statement runs in between.
    withConnection: (fn) => remote.hold((session) => fn(runner(session))),
    pglite: remote,
    ownThread: true,
    onFailure: (handler) => remote.onFailure(handler),
    onWrite: (fn) => remote.onWrite(fn),
    close: () => remote.close(),
  };
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const pglite = dataDir
    ? new PGlite(path.join(dataDir, 'pglite'))
    : new PGlite({ loadDataDir, ...(await pgliteModules()) });
  await pglite.waitReady;
  const raw: RawRunner = {
    async query<T>(text: string, params?: unknown[]) {
      return (await pglite.query(text, params)).rows as T[];
    },
    async exec(text: string) {
      await pglite.exec(text);
    },
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    raw,
    // PGlite is a single connection already.
    withConnection: (fn) => fn(raw),
    pglite,
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Fail at boot with the driver's message rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const runner = (c: pg.Pool | pg.PoolClient): RawRunner => ({
    async query<T>(text: string, params?: unknown[]) {
      return (await c.query(text, params as unknown[])).rows as T[];
    },
    async exec(text: string) {
      await c.query(text);
    },
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    raw: runner(pool),
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(runner(client));
      } finally {
        client.release();
      }
    },
    connectionString: url,
    close: () => pool.end(),
  };
}
