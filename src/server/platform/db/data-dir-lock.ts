import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * The embedded database is a single-process engine: two processes writing the same files corrupt it.
 * A pid file created exclusively guards the folder; a file left by a killed process (its pid no longer
 * alive) is taken over, so a crash never locks the user out.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = lockHolder(dataDir);
      if (pid !== null) throw inUse(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}: another process keeps creating ${file}.`);
}

const lockFile = (dataDir: string) => path.join(dataDir, 'verilead.pid');

/** The live process (other than this one) holding the folder's lock, or null. Never takes the lock. */
export function lockHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(lockFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
}

/**
 * Fails at once when another live process holds the folder, without taking the lock. `npm start` runs
 * this before building the web app, so a second server neither waits for a build nor rewrites the files
 * the first one is serving.
 */
export function assertDataDirFree(dataDir: string): void {
  const pid = lockHolder(dataDir);
  if (pid !== null) throw inUse(dataDir, pid);
}

function inUse(dataDir: string, pid: number): DataDirInUseError {
  return new DataDirInUseError(
    `The embedded database in ${dataDir} is already in use by another Verilead process (pid ${pid}). ` +
      'Stop that process first, or set DATA_DIR to another folder, or set DATABASE_URL to share a PostgreSQL database between processes.',
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A killed process stays in the table as a zombie until its parent reaps it, and signal 0 still
 * reaches it; it holds no files, so it does not hold the folder either.
 */
function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) S ..."; the state letter follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false; // no /proc (macOS): signal 0 is all we know
  }
}
