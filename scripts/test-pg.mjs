// `npm run test:pg`: the database-facing suites (*.api.test.ts) on PostgreSQL instead of embedded PGlite.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// One worker: the suites share this database and its pg-boss queues, so one suite's job worker must
// not pick up another's jobs.
const args = ['run', '.api.test', '--maxWorkers=1', ...process.argv.slice(2)];
console.error(`Running the API suites on ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const res = spawnSync('vitest', args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
process.exit(res.status ?? 1);
