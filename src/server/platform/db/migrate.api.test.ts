import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { openOlderDatabase } from '../../../../tests/helpers/older-schema';
import { migrate } from './migrate';

const files = (await readdir(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')))
  .filter((f) => f.endsWith('.sql'))
  .sort();

it('stops before the named migration, and a later run applies the rest in order', async () => {
  const { database, dispose } = await openOlderDatabase({
    before: '0800',
    url: process.env.TEST_DATABASE_URL,
  });
  try {
    const names = async () =>
      (await database.raw.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map(
        (r) => r.name,
      );
    const table = async (name: string) =>
      (await database.raw.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]))[0].t;
    expect(await names()).toEqual(files.filter((f) => f < '0800'));
    expect(await table('uploads')).toBe('uploads');
    expect(await table('workspaces')).toBeNull();

    expect(await migrate(database)).toEqual(files.filter((f) => f >= '0800'));
    expect(await names()).toEqual(files);
    expect(await table('workspaces')).toBe('workspaces');
  } finally {
    await database.close();
    await dispose();
  }
});
