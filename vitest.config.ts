import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API suites. API suites (`*.api.test.ts`) run on an in-memory PGlite database,
// or on PostgreSQL when TEST_DATABASE_URL is set (`npm run test:pg`).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two workers per core: the suites spend part of their time waiting on sockets, child processes,
    // real SMTP timeouts and job polling, which a worker beyond the cores fills. On a quiet 2-core
    // machine, from a clean clone (no duration cache), three, four and five workers all ran the suite
    // in 108–116 s (bench/README.md, "unit run"). `npm run test:pg` gives each file a PostgreSQL
    // database of its own (tests/helpers/pg-per-file.ts).
    maxWorkers: 2 * availableParallelism(),
    // A worker runs file after file with one module cache: the app's module graph is imported once per
    // worker instead of once per file (it was a third of the run). Suites keep no state in modules they
    // do not own: each builds its own app and database, and closing a test app closes the engine's
    // process-wide verifiers (tests/helpers/test-app.ts).
    isolate: false,
    // One migrated embedded database per run, loaded by every API suite (tests/helpers/test-app.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // On PostgreSQL, a database of each file's own, copied from that migrated template; the fakes'
    // domain suffixes accepted as public (tests/helpers/domain-suffixes.ts).
    setupFiles: ['tests/helpers/pg-per-file.ts', 'tests/helpers/domain-suffixes.ts'],
  },
});
