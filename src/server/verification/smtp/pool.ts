import { Semaphore, sleep } from '../limit';
import type { HostCoordinator } from '../types';

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
 * answers 421 gets fewer slots (never below one) and a pause before the next connection. With a
 * coordinator, each connection also holds one of the host's slots for the whole fleet (other
 * processes on the same database), and a pause learned here is published to them.
 */
export class ConnectionPool {
  private readonly global: Semaphore;
  private readonly hosts = new Map<string, HostState>();
  readonly stats: PoolStats = { opened: 0, maxPerHost: new Map() };

  constructor(
    private readonly perHost: number,
    global: number,
    private readonly backoffMs: number,
    private readonly coordinator?: HostCoordinator,
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

  /**
   * Waits for a slot at `ip`: the host's own first, then the global one, then the fleet's (while
   * the fleet is full, the global slot is given back so other hosts are not held up).
   */
  async acquire(ip: string): Promise<() => void> {
    const h = this.host(ip);
    await h.slots.acquire();
    let fleet: (() => void) | null = null;
    for (;;) {
      // A host told us to go away: wait out its pause while holding only its own slot.
      while (Date.now() < h.pausedUntil) await sleep(h.pausedUntil - Date.now());
      await this.global.acquire();
      if (!this.coordinator) break;
      const got = await this.coordinator
        .tryAcquire(ip, h.slots.limit)
        .catch(() => ({ retryAt: Date.now() + 500 }));
      if ('release' in got) {
        fleet = got.release;
        break;
      }
      this.global.release();
      // Polling with jitter: processes waiting on one host do not all ask at the same moment.
      await sleep(Math.max(50, got.retryAt - Date.now()) * (0.75 + Math.random() / 2));
    }
    this.stats.opened++;
    const now = h.slots.inUse;
    if (now > (this.stats.maxPerHost.get(ip) ?? 0)) this.stats.maxPerHost.set(ip, now);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      fleet?.();
      this.global.release();
      h.slots.release();
    };
  }

  /** 421 from `ip`: one slot fewer and a pause, so we stop pressing a host that is busy. */
  backOff(ip: string, pauseMs = this.backoffMs): void {
    const h = this.host(ip);
    h.slots.setLimit(h.slots.limit - 1);
    h.pausedUntil = Math.max(h.pausedUntil, Date.now() + pauseMs);
    this.coordinator?.backOff(ip, h.pausedUntil);
  }
}
