// `npm run test:pg`: the database-facing suites (*.api.test.ts) on PostgreSQL instead of embedded PGlite.
// `npm run test:pg -- <files or filters>` runs only those (the suite-wide `.api.test` filter is added
// only when none is given: vitest keeps every file that matches any filter, so it would run them all).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const given = process.argv.slice(2);
const filters = given.filter((a) => !a.startsWith('-'));
// One worker: the suites share this database and its pg-boss queues, so one suite's job worker must
// not pick up another's jobs.
const args = ['run', ...(filters.length === 0 ? ['.api.test'] : []), '--maxWorkers=1', ...given];
console.error(`Running the API suites on ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const res = spawnSync('vitest', args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
process.exit(res.status ?? 1);
