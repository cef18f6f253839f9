import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInBackground, runUrgent } from './background';
import { type Database, openDatabase } from './client';
import { migrate } from './migrate';
import type { RemotePglite } from './pglite-remote';

// The embedded database in its own thread (what `npm start` runs): the same answers as in the
// caller's thread, and concurrent callers never see each other's unfinished transactions.

let database: Database;
let remote: RemotePglite;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null, thread: 'own' });
  remote = database.pglite as RemotePglite;
  await migrate(database);
  await database.raw.exec('CREATE TABLE t (id int PRIMARY KEY, note text, at timestamptz)');
});

afterAll(async () => {
  await database.close();
});

const count = async () =>
  Number((await database.raw.query<{ n: number }>('SELECT count(*) AS n FROM t'))[0].n);
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('embedded database in its own thread', () => {
  it('starts with the shared buffers it is given (EMBEDDED_DB_SHARED_BUFFERS), 32MB by default', async () => {
    const [row] = await database.raw.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(row.shared_buffers).toBe('32MB');
    const other = await openDatabase({ kind: 'pglite', dataDir: null, thread: 'own', sharedBuffers: '16MB' });
    try {
      const [set] = await other.raw.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(set.shared_buffers).toBe('16MB');
    } finally {
      await other.close();
    }
  });

  it('answers drizzle and raw queries like PGlite does (types, parameters, errors)', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    await database.db.execute(sql`INSERT INTO t (id, note, at) VALUES (${1}, ${'one'}, ${at})`);
    const rows = await database.raw.query<{ id: number; note: string; at: Date; ids: number[] }>(
      'SELECT id, note, at, ARRAY[1,2] AS ids FROM t WHERE id = $1',
      [1],
    );
    expect(rows).toEqual([{ id: 1, note: 'one', at, ids: [1, 2] }]);
    const err = await database.raw.query('INSERT INTO t (id) VALUES (1)').catch((e) => e);
    expect(err.code).toBe('23505');
    expect(err.message).toMatch(/duplicate key/);
    await database.raw.exec('DELETE FROM t');
  });

  it('runs nobody else’s statement inside a transaction, and rolls back on failure', async () => {
    let outside: Promise<number> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t (id) VALUES (10)`);
      // Another caller's statement issued mid-transaction waits for its end (it would otherwise
      // run on the same connection, inside it).
      outside = count();
      await tick();
      await tx.execute(sql`INSERT INTO t (id) VALUES (11)`);
    });
    expect(await outside).toBe(2);

    const failed = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t (id) VALUES (12)`);
        outside = count();
        await tick();
        throw new Error('boom');
      })
      .catch((e: Error) => e.message);
    expect(await failed).toBe('boom');
    expect(await outside).toBe(2);
    await database.raw.exec('DELETE FROM t');
  });

  it('serialises concurrent transactions (no lost update)', async () => {
    await database.raw.exec('INSERT INTO t (id, note) VALUES (1, 0)');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? runInBackground : runUrgent)<void>(() =>
          database.db.transaction(async (tx) => {
            const res = (await tx.execute(sql`SELECT note FROM t WHERE id = 1`)) as unknown as {
              rows: { note: string }[];
            };
            const { note } = res.rows[0];
            await tick();
            await tx.execute(sql`UPDATE t SET note = ${String(Number(note) + 1)} WHERE id = 1`);
          }),
        ),
      ),
    );
    expect((await database.raw.query<{ note: string }>('SELECT note FROM t'))[0].note).toBe('8');
    await database.raw.exec('DELETE FROM t');
  });

  it('never leaves a failed multi-statement script’s transaction open for the next caller', async () => {
    const err = await database.raw
      .exec('BEGIN; INSERT INTO t (id) VALUES (20); SELECT 1/0; COMMIT')
      .catch((e) => e);
    expect(err.message).toMatch(/division by zero/);
    // Without the roll-back, this would fail with "current transaction is aborted".
    expect(await count()).toBe(0);
    const open = await database.raw.exec('BEGIN; INSERT INTO t (id) VALUES (21)').catch((e) => e);
    expect(open.message).toMatch(/left a transaction open/);
    expect(await count()).toBe(0);
  });

  it('serves urgent look-ups before queued statements', async () => {
    const order: string[] = [];
    const slow = Array.from({ length: 6 }, (_, i) =>
      database.raw.query('SELECT pg_sleep(0.02)').then(() => order.push(`slow${i}`)),
    );
    const urgent = runUrgent(() => database.raw.query('SELECT 1')).then(() => order.push('urgent'));
    await Promise.all([...slow, urgent]);
    // At most the statements already sent to the database thread finish first.
    expect(order.indexOf('urgent')).toBeLessThanOrEqual(2);
  });

  it('delivers LISTEN/NOTIFY across the thread', async () => {
    const got: string[] = [];
    const off = await remote.listen('chan', (p) => got.push(p));
    await database.raw.query("SELECT pg_notify('chan', 'hello')");
    await tick();
    expect(got).toEqual(['hello']);
    await off();
  });

  it('tells write watchers which tables a statement writes: when queued, when run, at COMMIT', async () => {
    const heard: string[] = [];
    const stop = database.onWrite?.((tables) => heard.push(tables.join(','))) ?? (() => {});
    await database.raw.query('SELECT count(*) FROM t');
    expect(heard).toEqual([]);
    await database.raw.query('INSERT INTO t (id) VALUES (30)');
    expect(heard).toEqual(['t', 't']);
    heard.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE t SET note = 'x' WHERE id = 30`);
      expect(heard).toEqual(['t', 't']);
    });
    expect(heard).toEqual(['t', 't', 't']);
    stop();
    await database.raw.query('DELETE FROM t WHERE id = 30');
    expect(heard).toHaveLength(3);
  });

  // Ctrl-C under `npm start` reaches the server twice; the second shutdown used to close PGlite again
  // and log "database close failed: PGlite is closed". Last in the file: it closes the shared database
  // (afterAll's close is a third one).
  it('closes once when asked twice, at the same time or later', async () => {
    await expect(Promise.all([database.close(), database.close()])).resolves.toBeDefined();
    await expect(database.close()).resolves.toBeUndefined();
  });
});
