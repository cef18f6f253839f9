import type { TestProject } from 'vitest/node';
import { writePgliteSnapshot } from './pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data directory tarball; each suite's test app loads a copy of it. */
    pgliteSnapshot: string | null;
  }
}

/**
 * Migrates one embedded database per run and hands its tarball to every suite (tests/helpers/test-app.ts),
 * so no suite pays for initdb and the migrations again. Not needed on PostgreSQL (test:pg).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null);
    return;
  }
  const snapshot = await writePgliteSnapshot();
  project.provide('pgliteSnapshot', snapshot.file);
  return () => snapshot.remove();
}
