import { backoffDelay, realSleep } from '../../../platform/retry';
import { Semaphore } from '../limit';
import type { HostCoordinator } from '../types';

interface HostState {
  slots: Semaphore;
  /** No new connection before this time (set by a 421). */
  pausedUntil: number;
  /** Back-offs in a row (each pause is longer), reset by an answer about a mailbox. */
  strikes: number;
  /** Sessions opened since the slots were last lowered or raised. */
  opened: number;
  /** When the slots were last lowered, at which limit, and how many times in a row at that limit. */
  cutAt: number;
  cutLevel: number;
  cutHits: number;
}

/** Longest a lowered slot count is kept before trying one more (a host that keeps saying 421 at 2). */
const MAX_HOLD_MS = 10 * 60_000;

export interface PoolStats {
  opened: number;
  /** Highest number of simultaneous connections seen per IP. */
  maxPerHost: Map<string, number>;
}

/**
 * Connection slots: at most `perHost` to one mail host (by IP) and `global` in all. The slots of a
 * host adapt as TCP's window does (AIMD): a 421 or a rate reply takes one slot away (never below one)
 * and pauses new connections for a short, growing, jittered time (SMTP_RETRY_BASE_MS·2^(n-1), at most
 * SMTP_BACKOFF_S). The slot comes back once `limit` sessions have opened and a hold has passed: one
 * SMTP_RETRY_BASE_MS after a first cut (a 421 because the server had not yet read our last close),
 * doubling each time the same limit is cut again (a server whose real limit is lower). With a
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
    private readonly retryBaseMs: number,
    private readonly coordinator?: HostCoordinator,
  ) {
    this.global = new Semaphore(global);
  }

  private host(ip: string): HostState {
    let h = this.hosts.get(ip);
    if (!h) {
      h = {
        slots: new Semaphore(this.perHost),
        pausedUntil: 0,
        strikes: 0,
        opened: 0,
        cutAt: 0,
        cutLevel: 0,
        cutHits: 0,
      };
      this.hosts.set(ip, h);
    }
    return h;
  }

  /**
   * Waits for a slot at `ip`: the host's own first, then the global one, then the fleet's (while
   * the fleet is full, the global slot is given back so other hosts are not held up). When global
   * slots are short, the host with the higher `priority` (the most work left) gets the next one.
   */
  async acquire(ip: string, priority: number | (() => number) = 0): Promise<() => void> {
    const h = this.host(ip);
    await h.slots.acquire();
    let fleet: (() => void) | null = null;
    for (;;) {
      // A host told us to go away: wait out its pause while holding only its own slot.
      while (Date.now() < h.pausedUntil) await realSleep(h.pausedUntil - Date.now());
      await this.global.acquire(priority);
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
      await realSleep(Math.max(50, got.retryAt - Date.now()) * (0.75 + Math.random() / 2));
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

  /** `ip` answered about a mailbox: our pace is fine again, the next pause starts short. */
  answered(ip: string): void {
    const h = this.hosts.get(ip);
    if (h) h.strikes = 0;
  }

  /** Slots `ip` has now (the adaptive limit) and when it may be connected to again. */
  state(ip: string): { limit: number; pausedUntil: number } {
    const h = this.host(ip);
    return { limit: h.slots.limit, pausedUntil: h.pausedUntil };
  }

  /**
   * 421 or a rate reply from `ip`: one slot fewer and a short pause (growing while they keep coming),
   * so we stop pressing a host that is busy without parking it for SMTP_BACKOFF_S. Returns the pause.
   */
  backOff(ip: string): number {
    const h = this.host(ip);
    h.strikes++;
    h.opened = 0;
    h.cutHits = h.cutLevel === h.slots.limit ? h.cutHits + 1 : 1;
    h.cutLevel = h.slots.limit;
    h.cutAt = Date.now();
    h.slots.setLimit(h.slots.limit - 1);
    const pause = backoffDelay(h.strikes, { baseMs: this.retryBaseMs, maxMs: this.backoffMs, jitter: 0.5 });
    h.pausedUntil = Math.max(h.pausedUntil, Date.now() + pause);
    this.coordinator?.backOff(ip, h.pausedUntil);
    return pause;
  }

  /** A session opened at `ip`: after `limit` of them without a back-off, a slot comes back. */
  opened(ip: string): void {
    const h = this.host(ip);
    h.opened++;
    if (h.slots.limit >= this.perHost) {
      // Stable at the cap: the next cut starts with a short hold again.
      if (h.opened >= 2 * h.slots.limit) h.cutHits = 0;
      return;
    }
    const hold = backoffDelay(h.cutHits, { baseMs: this.retryBaseMs, maxMs: MAX_HOLD_MS });
    if (h.opened >= h.slots.limit && Date.now() - h.cutAt >= hold) {
      h.opened = 0;
      h.slots.setLimit(h.slots.limit + 1);
    }
  }
}
