import { describe, expect, inject, it } from 'vitest';
import { readPgliteSnapshot } from '../../../../tests/helpers/pglite-snapshot';
import { type Database, openDatabase } from '../../platform/db/client';
import { createSessionCache, SESSION_TABLES } from './session-cache';
import { findSessionUser } from './sessions';
import type { UserRow } from './users';

// The embedded database's session cache: served from memory only while no write to the tables the
// look-up reads has happened since (or during) the look-up, and for a few seconds at most.

function fakeDatabase() {
  let watcher: ((tables: string[]) => void) | null = null;
  const database = {
    onWrite(fn: (t: string[]) => void) {
      watcher = fn;
      return () => {
        watcher = null;
      };
    },
  };
  return { database: database as unknown as Database, write: (...tables: string[]) => watcher?.(tables) };
}

const user = (id: string) => ({ id, username: id }) as unknown as UserRow;
const at = (ms: number) => new Date(1_700_000_000_000 + ms);

describe('session cache', () => {
  it('is off where the process cannot see every write (PostgreSQL, PGlite in the caller thread)', () => {
    expect(createSessionCache({} as Database)).toBeNull();
  });

  it('serves a known session from memory until its TTL, on the app clock', async () => {
    const { database } = fakeDatabase();
    const cache = createSessionCache<UserRow>(database, 1000);
    let loads = 0;
    const load = async () => {
      loads++;
      return user('a');
    };
    expect((await cache?.get('t1', at(0), load))?.id).toBe('a');
    expect((await cache?.get('t1', at(999), load))?.id).toBe('a');
    expect(loads).toBe(1);
    await cache?.get('t1', at(1000), load);
    expect(loads).toBe(2);
    // A clock moved back (tests) is not trusted either.
    await cache?.get('t1', at(-5), load);
    expect(loads).toBe(3);
  });

  it('drops everything on a write to a table the look-up reads, and ignores other writes', async () => {
    const { database, write } = fakeDatabase();
    const cache = createSessionCache<UserRow>(database, 60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      return user('a');
    };
    await cache?.get('t1', at(0), load);
    write('upload_results', 'uploads');
    await cache?.get('t1', at(1), load);
    expect(loads).toBe(1);
    write('sessions');
    await cache?.get('t1', at(2), load);
    expect(loads).toBe(2);
    write('users');
    await cache?.get('t1', at(3), load);
    expect(loads).toBe(3);
  });

  it('does not keep a look-up that overlapped a write, nor an unknown token', async () => {
    const { database, write } = fakeDatabase();
    const cache = createSessionCache<UserRow>(database, 60_000);
    let loads = 0;
    await cache?.get('t1', at(0), async () => {
      loads++;
      write('sessions'); // e.g. a sign-out committed while the look-up ran
      return user('a');
    });
    const unknown = async () => {
      loads++;
      return null;
    };
    expect(await cache?.get('t1', at(1), unknown)).toBeNull();
    expect(await cache?.get('t1', at(2), unknown)).toBeNull();
    expect(loads).toBe(3);
  });

  it('watches every table the session look-up reads', async () => {
    // Embedded (the look-up is watched there), from the run's migrated snapshot when there is one.
    const snapshot = inject('pgliteSnapshot');
    const loadDataDir = snapshot ? await readPgliteSnapshot(snapshot) : undefined;
    const database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir });
    try {
      const seen: string[] = [];
      const client = database.pglite as unknown as { query: (text: string, ...rest: unknown[]) => unknown };
      const query = client.query.bind(client);
      client.query = (text, ...rest) => {
        seen.push(text);
        return query(text, ...rest);
      };
      await findSessionUser({ db: database.db, token: 'nope', now: new Date() }).catch(() => null);
      const tables = seen.flatMap((s) => [...s.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1]));
      expect(tables.length).toBeGreaterThan(0);
      for (const t of tables) expect(SESSION_TABLES).toContain(t);
    } finally {
      await database.close();
    }
  });
});
