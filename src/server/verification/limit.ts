/** A counting semaphore: at most `max` holders at once, FIFO for the waiters. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

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

  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
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

  private drain(): void {
    while (this.active < this.max && this.waiters.length > 0) {
      this.active++;
      this.waiters.shift()!();
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
