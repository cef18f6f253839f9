import { defineConfig } from 'vitest/config';

// Browser journeys in Debian's Chromium, driven by playwright-core against a real server child process.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two journey files at a time: each has its own server, data directory, fakes (free ports) and
    // browser, so they share nothing; a journey mostly waits on its server and Chromium, which the other
    // file's work fills. More than two on two cores starves the servers (E2E_WORKERS to try others).
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // One migrated data directory per run, copied by every journey's server (tests/e2e/global-setup.ts).
    globalSetup: ['tests/e2e/global-setup.ts'],
  },
});
