import { createHash } from 'node:crypto';

// Smartlead documents 10 requests per 2 seconds per API key. Every call for one key in this process goes
// through one limiter, so parallel sends, connection tests and campaign lists share the budget. Other
// processes (extra workers) keep their own budget; the client still honours 429 Retry-After for that case.
// The window carries a 200 ms margin: we count a request when it leaves, Smartlead when it arrives.
export const SMARTLEAD_RATE = { limit: 10, windowMs: 2_200 };

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class SlidingWindowLimiter {
  private stamps: number[] = [];
  private pausedUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /** Resolves when one more request fits in the window (and no Retry-After pause is running). */
  async acquire(): Promise<void> {
    for (;;) {
      const t = this.now();
      while (this.stamps.length && this.stamps[0]! <= t - this.windowMs) this.stamps.shift();
      const full = this.stamps.length >= this.limit ? this.stamps[0]! + this.windowMs - t : 0;
      const wait = Math.max(this.pausedUntil - t, full);
      if (wait <= 0) {
        this.stamps.push(t);
        return;
      }
      await this.sleep(wait);
    }
  }

  /** After a 429: nobody sends with this key until Retry-After has passed. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }
}

const limiters = new Map<string, SlidingWindowLimiter>();

/** The limiter of one API key in this process (keyed by a hash, so the map never holds the key). */
export function limiterFor(apiKey: string): SlidingWindowLimiter {
  const id = createHash('sha256').update(apiKey).digest('hex');
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new SlidingWindowLimiter(SMARTLEAD_RATE.limit, SMARTLEAD_RATE.windowMs);
    limiters.set(id, limiter);
  }
  return limiter;
}
