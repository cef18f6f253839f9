import { Semaphore, sleep } from '../limit';

interface HostState {
  slots: Semaphore;
  /** No new connection before this time (set by a 421). */
  pausedUntil: number;
}

export interface PoolStats {
  opened: number;
  /** Highest number of simultaneous connections seen per IP. */
  maxPerHost: Map<string, number>;
}

/**
 * Connection slots: at most `perHost` to one mail host (by IP) and `global` in all. A host that
 * answers 421 gets fewer slots (never below one) and a pause before the next connection.
 */
export class ConnectionPool {
  private readonly global: Semaphore;
  private readonly hosts = new Map<string, HostState>();
  readonly stats: PoolStats = { opened: 0, maxPerHost: new Map() };

  constructor(
    private readonly perHost: number,
    global: number,
    private readonly backoffMs: number,
  ) {
    this.global = new Semaphore(global);
  }

  private host(ip: string): HostState {
    let h = this.hosts.get(ip);
    if (!h) {
      h = { slots: new Semaphore(this.perHost), pausedUntil: 0 };
      this.hosts.set(ip, h);
    }
    return h;
  }

  /** Waits for a slot at `ip` (host first, then global, so a waiting host never holds a global slot). */
  async acquire(ip: string): Promise<() => void> {
    const h = this.host(ip);
    await h.slots.acquire();
    // A host told us to go away: wait out its pause while holding only its own slot.
    while (Date.now() < h.pausedUntil) await sleep(h.pausedUntil - Date.now());
    await this.global.acquire();
    this.stats.opened++;
    const now = h.slots.inUse;
    if (now > (this.stats.maxPerHost.get(ip) ?? 0)) this.stats.maxPerHost.set(ip, now);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.global.release();
      h.slots.release();
    };
  }

  /** Is another of our connections to `ip` open right now (besides the caller's)? */
  othersActive(ip: string): boolean {
    return this.host(ip).slots.inUse > 1;
  }

  /** 421 from `ip`: one slot fewer and a pause, so we stop pressing a host that is busy. */
  backOff(ip: string): void {
    const h = this.host(ip);
    h.slots.setLimit(h.slots.limit - 1);
    h.pausedUntil = Math.max(h.pausedUntil, Date.now() + this.backoffMs);
  }
}
