import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Raw SQL through Drizzle; both drivers (PGlite, node-postgres) answer with `{ rows }`. */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const res = (await db.execute(statement)) as unknown as { rows: T[] };
  return res.rows;
}
