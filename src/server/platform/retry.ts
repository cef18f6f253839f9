/**
 * The one way this code base waits and retries in-process. Clients take a `Sleep` so tests can inject
 * one that does not wait for real (the app's deps carry it: `deps.sleep`, `ctx.sleep` in jobs).
 * Retrying a whole background job is the queue's business (`queue.retryLimit` on a job definition);
 * third-party SDKs that retry on their own (Stripe, OpenAI, Apify) are given a small `maxRetries`.
 */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /**
   * Spread as a fraction of the delay: 0.5 gives anywhere from half to one and a half times it. Callers
   * that many clients reach at once (mail servers we share with other senders) spread, so retries
   * after a common failure do not arrive together; a schedule a contract fixes (webhook retries) does not.
   */
  jitter?: number;
  /** A number in [0, 1): Math.random unless a test fixes it. */
  random?: () => number;
}

/**
 * The one back-off of the code base: `baseMs` before the first retry, doubling with each, capped at
 * `maxMs`, then spread by `jitter`. `retry` counts from 1 (0 is treated as 1).
 */
export function backoffDelay(retry: number, opts: BackoffOptions): number {
  const raw = Math.min(opts.baseMs * 2 ** Math.max(0, retry - 1), opts.maxMs);
  if (!opts.jitter) return raw;
  const r = (opts.random ?? Math.random)();
  return Math.round(raw * (1 - opts.jitter + 2 * opts.jitter * r));
}

export interface RetryOptions extends BackoffOptions {
  /** Retries after the first try (0: try once). */
  retries: number;
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
