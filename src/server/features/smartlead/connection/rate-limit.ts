import { createHash } from 'node:crypto';
import { realSleep, type Sleep } from '../../../platform/retry';

// Smartlead documents 10 requests per 2 seconds per API key. Every call for one key in this process goes
// through one limiter, so parallel sends, connection tests and campaign lists share the budget. On
// PostgreSQL, where other processes (extra workers) use the same keys, the window is also kept in the
// database (fleet-rate.ts); the client still honours 429 Retry-After in any case.
// A request holds its slot from the moment it leaves until its answer arrives, and the window counts from
// the answer: Smartlead counts a request somewhere in between, so however slow the network or our event
// loop, no 11th request can reach Smartlead within one window. The window carries a 200 ms margin.
export const SMARTLEAD_RATE = { limit: 10, windowMs: 2_200 };

/** How long to look again while every slot is held by a request still in flight. */
const IN_FLIGHT_POLL_MS = 50;
/** How early a real timer may fire: a sleep that returns sooner than this before its time is a real one. */
const TIMER_SLACK_MS = 10;

/** What the Smartlead client waits on before each request. */
export interface RateLimiter {
  /** Resolves when one more request may leave, with the function to call once its answer arrived. */
  acquire(sleep?: Sleep): Promise<() => void>;
  /** After a 429: nobody sends with this key until Retry-After has passed. */
  pause(ms: number): void;
}

export class SlidingWindowLimiter implements RateLimiter {
  /** When each recent request was answered (Infinity while it is still in flight). */
  private slots: { at: number }[] = [];
  private pausedUntil = 0;
  /** Time a caller's sleep skipped (a test's sleep returns at once): it counts as having passed. */
  private skipped = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /**
   * Resolves when one more request fits in the window (and no Retry-After pause is running) with the
   * function to call once its answer has arrived. Waits with the caller's `sleep` when given.
   */
  async acquire(sleep: Sleep = this.sleep): Promise<() => void> {
    for (;;) {
      const t = this.time();
      this.slots = this.slots.filter((s) => s.at > t - this.windowMs);
      const oldest = this.slots.length >= this.limit ? Math.min(...this.slots.map((s) => s.at)) : -Infinity;
      const full = oldest === Infinity ? IN_FLIGHT_POLL_MS : oldest + this.windowMs - t;
      const wait = Math.max(this.pausedUntil - t, full);
      if (wait <= 0) {
        const slot = { at: Infinity };
        this.slots.push(slot);
        return () => {
          slot.at = this.time();
        };
      }
      const before = this.now();
      await sleep(wait);
      // A timer may fire a millisecond early; only a wait cut short on purpose (tests) moves the clock.
      const short = wait - (this.now() - before);
      if (short > TIMER_SLACK_MS) this.skipped += short;
    }
  }

  /** After a 429: nobody sends with this key until Retry-After has passed. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.time() + ms);
  }

  private time(): number {
    return this.now() + this.skipped;
  }
}

const limiters = new Map<string, SlidingWindowLimiter>();
/** Set at boot on PostgreSQL: the fleet's window, shared with the other processes. */
let fleet: { limiterOf(local: RateLimiter, keyHash: string): RateLimiter } | null = null;

/** Every later client of this process also takes the fleet's slot (boot.ts, on PostgreSQL). */
export function shareRateLimits(f: typeof fleet): void {
  fleet = f;
}

/** The limiter of one API key in this process (keyed by a hash, so the map never holds the key). */
export function limiterFor(apiKey: string): RateLimiter {
  const id = createHash('sha256').update(apiKey).digest('hex');
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new SlidingWindowLimiter(SMARTLEAD_RATE.limit, SMARTLEAD_RATE.windowMs);
    limiters.set(id, limiter);
  }
  return fleet ? fleet.limiterOf(limiter, id) : limiter;
}
