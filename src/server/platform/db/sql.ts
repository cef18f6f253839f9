import type { SQL } from 'drizzle-orm';
import { yieldToEventLoop } from '../event-loop';
import type { Db } from './client';

/** Raw SQL through Drizzle; both drivers (PGlite, node-postgres) answer with `{ rows }`. */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const res = (await db.execute(statement)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * The embedded database runs each statement synchronously in this thread, and a statement queued
 * right after another completes in a microtask: a lane issuing statements back to back never lets the
 * event loop run, so HTTP requests are not even read until it pauses (measured: two looping queries
 * starved a 1 ms timer indefinitely). This Db lets the event loop run before each statement, so
 * requests that arrived meanwhile queue their statements between the lane's.
 */
export function politeDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (statement: SQL) => {
        await yieldToEventLoop();
        return target.execute(statement);
      };
    },
  });
}
