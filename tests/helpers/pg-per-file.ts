import { afterAll } from 'vitest';
import { createFileDatabase, dropDatabase, TEMPLATE_URL_ENV } from './pg-database';

// Runs before each test file (vitest setupFiles). On PostgreSQL, points TEST_DATABASE_URL at a database
// of this file's own (tests/helpers/pg-database.ts) and drops it after the file's last hook.
const template = process.env[TEMPLATE_URL_ENV];
if (template) {
  const own = await createFileDatabase(template);
  process.env.TEST_DATABASE_URL = own ?? template;
  if (own) afterAll(() => dropDatabase(own));
}
