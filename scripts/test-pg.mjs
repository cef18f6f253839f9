// `npm run test:pg`: the database-facing suites (*.api.test.ts) on PostgreSQL instead of embedded PGlite.
// `npm run test:pg -- <files or filters>` runs only those (the suite-wide `.api.test` filter is added
// only when none is given: vitest keeps every file that matches any filter, so it would run them all).
//
// Each run gets a database of its own, created next to the one TEST_DATABASE_URL names and dropped
// afterwards: a machine's shared database keeps what earlier runs left (lists still "processing", their
// queued jobs), and a suite's job worker would pick that work up and keep its own lists waiting.
// TEST_PG_SHARED=1 runs in the named database itself (when the role may not create databases).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const given = process.argv.slice(2);
const filters = given.filter((a) => !a.startsWith('-'));
const named = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redact = (u) => u.replace(/\/\/[^@]*@/, '//***@');

/** Creates `<name>_run_<pid>_<time>` beside the named database; null when the role may not. */
async function createRunDatabase() {
  if (process.env.TEST_PG_SHARED === '1') return null;
  const url = new URL(named);
  const name = `${url.pathname.slice(1) || 'test'}_run_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: named });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err) {
    console.error(`Could not create a database for this run (${err.message}); using the named one.`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops the run's database and any file's database (tests/helpers/pg-database.ts) a crash left behind. */
async function dropRunDatabases(name) {
  const admin = new pg.Client({ connectionString: named });
  try {
    await admin.connect();
    const { rows } = await admin.query(
      'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
      [name, `${name}\\_f%`],
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  } catch (err) {
    console.error(`Could not drop ${name}: ${err.message}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

const run = await createRunDatabase();
const url = run?.url ?? named;
// Each file copies this database as its own (tests/helpers/pg-per-file.ts), so files may run side by side.
const args = ['run', ...(filters.length === 0 ? ['.api.test'] : []), ...given];
console.error(`Running the API suites on ${redact(url)}`);
const res = spawnSync('vitest', args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_DATABASE_TEMPLATE_URL: url },
});
if (run) await dropRunDatabases(run.name);
process.exit(res.status ?? 1);
