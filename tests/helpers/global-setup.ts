import type { TestProject } from 'vitest/node';
import { TEMPLATE_URL_ENV } from './pg-database';
import { migratePostgresTemplate, writePgliteSnapshot } from './pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data directory tarball; each suite's test app loads a copy of it. */
    pgliteSnapshot: string | null;
  }
}

/**
 * Migrates one embedded database per run and hands its tarball to every suite (tests/helpers/test-app.ts),
 * so no suite pays for initdb and the migrations again. On PostgreSQL (test:pg), migrates the named
 * database instead: it is the template each file's own database is copied from (tests/helpers/pg-per-file.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteSnapshot', null);
    await migratePostgresTemplate(url);
    // Forked workers inherit the environment as it is now.
    process.env[TEMPLATE_URL_ENV] = url;
    return;
  }
  const snapshot = await writePgliteSnapshot();
  project.provide('pgliteSnapshot', snapshot.file);
  return () => snapshot.remove();
}
