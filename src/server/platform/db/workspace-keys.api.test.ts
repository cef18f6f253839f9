import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Deleting a workspace must leave none of its rows behind (decision 0800): every table that holds a
// workspace_id references workspaces with ON DELETE CASCADE. A new table without that key fails here.
// The one exception: a session's current workspace, which falls back to the personal one (SET NULL).
const NOT_OWNED = { sessions: 'SET NULL' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('every workspace_id column is a foreign key to workspaces that cascades on delete', async () => {
  const rows = await t.database.raw.query<{ table_name: string; delete_rule: string | null }>(`
    SELECT c.table_name, (
      SELECT r.delete_rule FROM information_schema.key_column_usage k
      JOIN information_schema.referential_constraints r
        ON r.constraint_name = k.constraint_name AND r.constraint_schema = k.constraint_schema
      JOIN information_schema.constraint_column_usage u
        ON u.constraint_name = k.constraint_name AND u.constraint_schema = k.constraint_schema
      WHERE k.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = 'workspace_id'
        AND u.table_name = 'workspaces'
      LIMIT 1
    ) AS delete_rule
    FROM information_schema.columns c
    WHERE c.table_schema = 'public' AND c.column_name = 'workspace_id'
      AND c.table_name IN (SELECT table_name FROM information_schema.tables
                           WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
    ORDER BY 1`);
  expect(rows.length).toBeGreaterThan(10);
  const expected = (table: string) => NOT_OWNED[table as keyof typeof NOT_OWNED] ?? 'CASCADE';
  const loose = rows.filter((r) => r.delete_rule !== expected(r.table_name)).map((r) => r.table_name);
  expect(loose).toEqual([]);
});
