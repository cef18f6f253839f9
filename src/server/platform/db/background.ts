import { AsyncLocalStorage } from 'node:async_hooks';

// Statements are marked by what they are for, so that the embedded database's scheduler
// (pglite-remote.ts) can order them instead of serving them in arrival order:
// - 'urgent': tiny look-ups every request starts with (the signed-in user), served first;
// - 'background': background jobs (verification lanes, sweeps), given a fair share of the database's
//   time next to requests: a lane writing results back to back must not queue ahead of every page,
//   nor may a crowd of readers starve the run.
export type Lane = 'urgent' | 'request' | 'background';
const lane = new AsyncLocalStorage<Lane>();

export function runInBackground<T>(fn: () => Promise<T>): Promise<T> {
  return lane.run('background', fn);
}

export function runUrgent<T>(fn: () => Promise<T>): Promise<T> {
  return lane.run('urgent', fn);
}

export function currentLane(): Lane {
  return lane.getStore() ?? 'request';
}
