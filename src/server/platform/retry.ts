/**
 * The one way this code base waits and retries in-process. Clients take a `Sleep` so tests can inject
 * one that does not wait for real (the app's deps carry it: `deps.sleep`, `ctx.sleep` in jobs).
 * Retrying a whole background job is the queue's business (`queue.retryLimit` on a job definition);
 * third-party SDKs that retry on their own (Stripe, OpenAI, Apify) are given a small `maxRetries`.
 */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exponential back-off: `baseMs` before the first retry, doubling, capped at `maxMs`. */
export function backoffDelay(retry: number, opts: { baseMs: number; maxMs: number }): number {
  return Math.min(opts.baseMs * 2 ** Math.max(0, retry - 1), opts.maxMs);
}

export interface RetryOptions {
  /** Retries after the first try (0: try once). */
  retries: number;
  baseMs: number;
  maxMs: number;
  sleep?: Sleep;
  /** Whether a failure is worth another try (default: every failure). */
  retryable?: (err: unknown) => boolean;
}

/** Runs `fn` until it succeeds, a failure is not retryable, or the retries are spent (then rethrows). */
export async function retrying<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const sleep = opts.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= opts.retries || (opts.retryable && !opts.retryable(err))) throw err;
      await sleep(backoffDelay(attempt + 1, opts));
    }
  }
}
