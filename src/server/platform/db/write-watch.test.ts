import { describe, expect, it } from 'vitest';
import { writtenTables } from './write-watch';

describe('writtenTables', () => {
  it('names the tables of every write form', () => {
    expect(writtenTables('delete from "sessions" where "sessions"."id_hash" = $1')).toEqual(['sessions']);
    expect(writtenTables('insert into "sessions" ("id_hash") values ($1)')).toEqual(['sessions']);
    expect(writtenTables('UPDATE users SET plan = $1 WHERE id = $2')).toEqual(['users']);
    expect(writtenTables('update "public"."users" set "plan" = $1')).toEqual(['users']);
    expect(writtenTables('TRUNCATE TABLE pgboss.job')).toEqual(['job']);
    expect(writtenTables('DROP TABLE IF EXISTS "Sessions"')).toEqual(['sessions']);
    expect(writtenTables('ALTER TABLE ONLY users ADD COLUMN x int')).toEqual(['users']);
    expect(
      writtenTables(
        'WITH d AS (DELETE FROM sessions RETURNING 1) INSERT INTO login_attempts SELECT 1 FROM d',
      ),
    ).toEqual(['sessions', 'login_attempts']);
  });

  it('names nothing for reads', () => {
    expect(writtenTables('select "users"."id" from "sessions" inner join "users" on true')).toEqual([]);
    expect(writtenTables('SELECT updated_at, deleted FROM uploads')).toEqual([]);
  });
});
