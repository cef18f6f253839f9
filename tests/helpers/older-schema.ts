import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/platform/db/client';
import { migrate } from '../../src/server/platform/db/migrate';

/** The first migration of the workspaces release: databases before it have per-user tenancy. */
export const WORKSPACES_RELEASE = '0800';

export interface OlderDatabase {
  database: Database;
  /** Removes what was created (the PostgreSQL schema); call after `database` is closed. */
  dispose(): Promise<void>;
}

/**
 * A database at an older release's schema: only the migrations sorting before `before` applied.
 * Embedded: a fresh in-memory PGlite (the run's snapshot already holds every migration). PostgreSQL
 * (`url`): a schema of its own inside that database, first on the search path of every connection,
 * so the migrations build their tables there and the database shared by the other suites is untouched.
 */
export async function openOlderDatabase(opts: {
  before: string;
  url?: string;
  pgliteDataDir?: string;
}): Promise<OlderDatabase> {
  if (!opts.url) {
    const database = await openDatabase({ kind: 'pglite', dataDir: opts.pgliteDataDir ?? null });
    await migrate(database, { before: opts.before });
    return { database, dispose: async () => {} };
  }
  const schema = `older_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(opts.url);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await migrate(database, { before: opts.before });
  return {
    database,
    async dispose() {
      const c = new pg.Client({ connectionString: opts.url });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}
