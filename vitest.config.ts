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
    // One migrated embedded database per run, loaded by every API suite (tests/helpers/test-app.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
