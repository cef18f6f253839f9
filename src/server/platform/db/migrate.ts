import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { APPLIED_FILES, CREATE_JOURNAL, LOCK, RECORD_FILE, UNLOCK } from './queries';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 748_230_001;

export interface MigrateOptions {
  /**
   * Only the files whose name sorts before this one (e.g. '0800' stops before 0800_workspaces.sql):
   * rebuilds an older release's schema, for tests and benchmarks of the migrations that follow it.
   */
  before?: string;
}

/**
 * Applies every committed SQL file in ./migrations that this database has not seen, in name order,
 * each in its own transaction. Features own numbered ranges (0001 foundation, 0100 lists, ...), so
 * parallel work never fights over one journal. On PostgreSQL an advisory lock keeps concurrent boots
 * (server + workers) from applying the same file twice.
 */
export async function migrate(database: Database, opts: MigrateOptions = {}): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => f.endsWith('.sql') && (opts.before === undefined || f < opts.before))
    .sort();
  return database.withConnection(async (conn) => {
    if (database.kind === 'postgres') await conn.query(LOCK, [MIGRATION_LOCK_ID]);
    try {
      await conn.exec(CREATE_JOURNAL);
      const done = new Set((await conn.query<{ name: string }>(APPLIED_FILES)).map((r) => r.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
        await conn.exec('BEGIN');
        try {
          await conn.exec(sql);
          await conn.query(RECORD_FILE, [file]);
          await conn.exec('COMMIT');
        } catch (err) {
          await conn.exec('ROLLBACK');
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
        }
        applied.push(file);
      }
      return applied;
    } finally {
      if (database.kind === 'postgres') await conn.query(UNLOCK, [MIGRATION_LOCK_ID]);
    }
  });
}
