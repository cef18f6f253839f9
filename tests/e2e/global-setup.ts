import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDataDir, startServer, stopServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the real server created and migrated, then left cleanly; null: start empty. */
    e2eDataTemplate: string | null;
  }
}

/**
 * Boots the real server once on an empty data directory and stops it: initdb, every migration and
 * pg-boss's schema are then on disk, and each journey's server starts from a copy of that folder
 * (`startServer` in harness.ts) instead of paying for them again (a few seconds per boot, thirty boots).
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ timeoutMs: 180_000, fresh: true });
  await stopServer(server);
  // The lock of a process that is gone is taken over anyway; the copy starts without it.
  rmSync(path.join(server.dataDir, 'verilead.pid'), { force: true });
  project.provide('e2eDataTemplate', server.dataDir);
  return () => removeDataDir(server);
}
