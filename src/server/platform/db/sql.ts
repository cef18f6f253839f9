import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { yieldToEventLoop } from '../event-loop';
import type { Db } from './client';

/** Raw SQL through Drizzle; both drivers (PGlite, node-postgres) answer with `{ rows }`. */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const res = (await db.execute(statement)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Raw SQL whose rows are named once, by a schema that also converts them: `query<T>` only asserts a
 * type, and a bigint (a count, a bigserial id) comes back as text from node-postgres and as a number
 * from PGlite, which a hand-written `Number()` per field used to mend.
 */
export async function queryRows<S extends z.ZodType>(
  db: Db,
  schema: S,
  statement: SQL,
): Promise<z.output<S>[]> {
  return (await query<unknown>(db, statement)).map((row) => schema.parse(row));
}

/** An integer column as either driver returns it (int8 and numeric may come back as text). */
export const dbInt = z.coerce.number();
/**
 * A json column typed as what the code wrote there (its fields are not checked again); a value that comes
 * back as text is parsed.
 */
export const dbJson = <T>() => z.unknown().transform((v) => (typeof v === 'string' ? JSON.parse(v) : v) as T);
/** The row of a statement that answers one count, `n`. */
export const countRow = z.object({ n: dbInt });

/**
 * The embedded database runs each statement synchronously in this thread, and a statement queued
 * right after another completes in a microtask: a lane issuing statements back to back never lets the
 * event loop run, so HTTP requests are not even read until it pauses (measured: two looping queries
 * starved a 1 ms timer indefinitely). This Db lets the event loop run before each statement, so
 * requests that arrived meanwhile queue their statements between the lane's.
 */
export function politeDb(db: Db): Db {
  return beforeEachStatement(db, yieldToEventLoop);
}

/**
 * This Db runs `hook` before each statement it sends (awaited when it returns a promise). Raw statements
 * and the builder's both prepare through the session, so the hook goes there.
 */
export function beforeEachStatement(db: Db, hook: () => unknown): Db {
  const session = (db as unknown as { session: object }).session;
  const hooked = new Proxy(session, {
    get(target, prop, receiver) {
      if (prop !== 'prepareQuery') return Reflect.get(target, prop, receiver);
      return (...args: unknown[]) => {
        const prepared = Reflect.apply(Reflect.get(target, prop), receiver, args) as object;
        return new Proxy(prepared, {
          get(p, key, r) {
            if (key !== 'execute') return Reflect.get(p, key, r);
            const execute = (a: unknown[]) => Reflect.apply(Reflect.get(p, key), p, a);
            return (...a: unknown[]) => {
              const before = hook();
              return before instanceof Promise ? before.then(() => execute(a)) : execute(a);
            };
          },
        });
      };
    },
  });
  return new Proxy(db, {
    get(target, prop, receiver) {
      return prop === 'session' ? hooked : Reflect.get(target, prop, receiver);
    },
  });
}
