import { defineConfig } from 'vitest/config';

// Browser journeys in Debian's Chromium, driven by playwright-core against a real server child process.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
