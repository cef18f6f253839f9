/** A waiter's priority, or how to read it when a slot frees (it may have changed meanwhile). */
type Priority = number | (() => number);

/**
 * A counting semaphore: at most `max` holders at once. Waiters are served by priority (higher
 * first, read when a slot frees), FIFO among equals (all 0 by default: plain FIFO).
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<{ grant: () => void; priority: Priority }> = [];

  constructor(private max: number) {}

  get inUse(): number {
    return this.active;
  }

  get limit(): number {
    return this.max;
  }

  /** Lowers or raises the cap (e.g. after a 421); holders above a lowered cap finish normally. */
  setLimit(max: number): void {
    this.max = Math.max(1, max);
    this.drain();
  }

  tryAcquire(): boolean {
    if (this.active >= this.max) return false;
    this.active++;
    return true;
  }

  acquire(priority: Priority = 0): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((grant) => this.waiters.push({ grant, priority }));
  }

  release(): void {
    this.active--;
    this.drain();
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  /** The first waiter with the highest priority (plain FIFO when nobody gave one). */
  private next(): { grant: () => void } {
    let best = 0;
    let top = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < this.waiters.length; i++) {
      const p = this.waiters[i].priority;
      const v = typeof p === 'function' ? p() : p;
      if (v > top) {
        top = v;
        best = i;
      }
    }
    return this.waiters.splice(best, 1)[0];
  }

  private drain(): void {
    while (this.active < this.max && this.waiters.length > 0) {
      this.active++;
      this.next().grant();
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
