import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// Starting the embedded database's thread (pglite-remote.ts talks to it once it is ready).

/**
 * A new data directory, created by a process of its own (pglite-init.mjs): initdb peaks at ~750 MB and
 * leaves memory behind in whatever process runs it, so the server's stays as after a restart. It is
 * built beside its place and renamed into it once complete, so a start interrupted during initdb
 * (Ctrl-C, a kill) leaves nothing the next start would take for a database.
 */
export async function initDataDir(dataDir: string): Promise<void> {
  const building = `${dataDir}.new`;
  const fail = (why: string) => new Error(`The embedded database could not create ${dataDir}: ${why}`);
  try {
    await rm(building, { recursive: true, force: true });
    await mkdir(path.dirname(dataDir), { recursive: true });
    // An empty directory in its place (made by hand, or a volume mount) is fine; anything else is not ours.
    if (existsSync(dataDir)) await rmdir(dataDir);
  } catch (err) {
    throw fail((err as Error).message);
  }
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./pglite-init.mjs', import.meta.url)), building],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr = (stderr + d).slice(-4000);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw fail(stderr.trim() || `exit ${code}`);
  await rename(building, dataDir).catch((err: Error) => {
    throw fail(err.message);
  });
}

export async function startThread(workerData: {
  dataDir: string | null;
  sharedBuffers?: string;
}): Promise<Worker> {
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
    workerData,
    // The thread loads plain JavaScript: no TypeScript loader (tsx) needed there.
    execArgv: [],
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { ready: boolean; error?: Record<string, unknown> }) =>
      m.ready ? resolve() : reject(toError(m.error ?? { message: 'PGlite failed to start' })),
    );
    worker.once('error', reject);
  });
  return worker;
}

export function toError(e: Record<string, unknown>): Error {
  return Object.assign(new Error(String(e.message)), e);
}
