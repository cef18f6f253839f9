import { realSleep, type Sleep } from '../retry';

/** How often a waiting request reads its job again: often enough to answer soon after it ends. */
const POLL_MS = 150;

/**
 * Waits for a job a request has just queued (the API's single verification, the finder's single find):
 * reads its state every 150 ms until `done` says it has ended or `waitMs` has passed, and returns the
 * last state read, done or not (the caller then answers "pending" with the job's id). The wait is wall
 * time, not the app clock: it is about how long a client is kept waiting. A read that finds nothing
 * keeps the state before it.
 */
export async function awaitJob<T>(opts: {
  /** The job's state as it is now (the row just inserted). */
  first: T;
  read: () => Promise<T | null | undefined>;
  done: (state: T) => boolean;
  waitMs: number;
  sleep?: Sleep;
  /** Wall time in ms; tests move it with their sleep. */
  now?: () => number;
}): Promise<T> {
  const sleep = opts.sleep ?? realSleep;
  const now = opts.now ?? Date.now;
  const deadline = now() + opts.waitMs;
  let state = opts.first;
  while (!opts.done(state) && now() < deadline) {
    await sleep(Math.min(POLL_MS, Math.max(1, deadline - now())));
    state = (await opts.read()) ?? state;
  }
  return state;
}
