/** A waiter's priority, or how to read it when a slot frees (it may have changed meanwhile). */
type Priority = number | (() => number);

/**
 * A counting semaphore: at most `max` holders at once. Waiters are served by priority (higher
 * first, read when a slot frees), FIFO among equals (all 0 by default: plain FIFO).
 */
export class Semaphore {
  private active = 0;
  private seq = 0;
  /** Waiters with a fixed priority: one FIFO per value (thousands of DNS look-ups wait at once). */
  private readonly fixed = new Map<number, Array<{ grant: () => void; seq: number }>>();
  /** Waiters whose priority is read when a slot frees (few: one per mail server waiting). */
  private readonly dynamic: Array<{ grant: () => void; priority: () => number; seq: number }> = [];
  private waiting = 0;

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
    return new Promise((grant) => {
      const seq = this.seq++;
      this.waiting++;
      if (typeof priority === 'function') this.dynamic.push({ grant, priority, seq });
      else {
        let q = this.fixed.get(priority);
        if (!q) {
          q = [];
          this.fixed.set(priority, q);
        }
        q.push({ grant, seq });
      }
    });
  }

  release(): void {
    this.active--;
    this.drain();
  }

  async run<T>(fn: () => Promise<T>, priority: Priority = 0): Promise<T> {
    await this.acquire(priority);
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  /** The first waiter with the highest priority (plain FIFO when nobody gave one). */
  private next(): () => void {
    let top = Number.NEGATIVE_INFINITY;
    let seq = Number.POSITIVE_INFINITY;
    let from: Array<{ grant: () => void; seq: number }> | null = null;
    let key: number | null = null;
    let at = 0;
    // The first candidate always counts (a priority read as NaN must not leave a waiter stranded).
    const better = (v: number, s: number) => from === null || v > top || (v === top && s < seq);
    for (const [p, q] of this.fixed) {
      if (q.length > 0 && better(p, q[0].seq)) {
        top = p;
        seq = q[0].seq;
        from = q;
        key = p;
        at = 0;
      }
    }
    for (let i = 0; i < this.dynamic.length; i++) {
      const w = this.dynamic[i];
      const v = w.priority();
      if (better(v, w.seq)) {
        top = v;
        seq = w.seq;
        from = this.dynamic;
        key = null;
        at = i;
      }
    }
    this.waiting--;
    const grant = from!.splice(at, 1)[0].grant;
    // Priorities may be many (one per batch): an emptied queue goes.
    if (key !== null && from!.length === 0) this.fixed.delete(key);
    return grant;
  }

  private drain(): void {
    while (this.active < this.max && this.waiting > 0) {
      this.active++;
      this.next()();
    }
  }
}
