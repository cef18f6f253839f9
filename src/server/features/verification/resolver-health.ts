import type { Sleep } from '../../platform/retry';
import type { DnsClient } from './dns';
import type { NetworkHealth } from './types';

/** Well-known domains that must resolve (DNS_CANARY_DOMAINS): a resolver denying them is lying. */
export const DEFAULT_CANARIES = ['gmail.com', 'outlook.com', 'yahoo.com'];

export const RESOLVER_LYING =
  'Our DNS resolver is not answering correctly (it says well-known domains do not exist); verification will resume by itself';
export const RESOLVER_SILENT = 'Our DNS resolver is not answering; verification will resume by itself';

export interface ResolverHealthOptions {
  canaries: string[];
  /** While unhealthy: how often the canaries are asked again. */
  retryMs: number;
  sleep: Sleep;
  onChange?: (health: NetworkHealth) => void;
}

/**
 * Tells "no such domain" from "our resolver is broken". A negative or failed answer is believed only
 * once a canary check sent after it has passed (a majority of the canary names resolve to MX
 * records). Checks are shared: a burst of NXDOMAIN answers costs one check per round trip, which is
 * how a spike of them is noticed. A failed check makes the resolver unhealthy: the DNS cache forgets
 * the negative answers it gave since the last check that passed, callers wait in `recovered()`, and
 * the canaries are asked again every `retryMs` (through the injected sleep) until they pass; the
 * check that passes forgets the negative answers given meanwhile too.
 */
export class ResolverHealth {
  private state: NetworkHealth = { ok: true, message: null, since: Date.now(), kind: 'dns', nextTryAt: null };
  /** When the last check that passed was sent (epoch ms). */
  private lastPass = Number.NEGATIVE_INFINITY;
  private current: { startedAt: number; result: Promise<boolean> } | null = null;
  private next: Promise<boolean> | null = null;
  private waiters: Array<() => void> = [];
  private retrying = false;
  closed = false;

  constructor(
    private readonly dns: DnsClient,
    private readonly o: ResolverHealthOptions,
  ) {}

  get health(): NetworkHealth {
    return this.state;
  }

  /** Is a negative or failed answer that arrived at `at` (epoch ms) to be believed? */
  confirm(at: number): Promise<boolean> {
    if (this.o.canaries.length === 0) return Promise.resolve(true);
    if (!this.state.ok) return Promise.resolve(false);
    if (this.lastPass >= at) return Promise.resolve(true);
    if (this.current && this.current.startedAt >= at) return this.current.result;
    if (!this.current) return this.start();
    // A check already in flight was sent before this answer came: the next one decides.
    this.next ??= this.current.result.then(() => {
      this.next = null;
      if (!this.state.ok) return false;
      return this.current ? this.current.result : this.start();
    });
    return this.next;
  }

  /** A check at a run's start, shared with one sent in the last `maxAgeMs`. */
  check(maxAgeMs = 5000): Promise<boolean> {
    return this.confirm(Date.now() - maxAgeMs);
  }

  /** Resolves once the resolver is believed again (at once when it is). */
  recovered(): Promise<void> {
    if (this.state.ok || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w();
  }

  private start(): Promise<boolean> {
    const startedAt = Date.now();
    const result = this.probe().then((verdict) => {
      if (this.current?.result === result) this.current = null;
      if (verdict === 'ok') {
        // Negative answers that came in while the resolver was known to be broken (after the failed
        // check had already forgotten the earlier ones) are as suspect: forget them before they are
        // believed on the strength of this check.
        if (!this.state.ok) this.dns.forgetNegativesSince(this.lastPass);
        this.lastPass = Math.max(this.lastPass, startedAt);
        this.set({ ok: true, message: null, since: Date.now(), kind: 'dns', nextTryAt: null });
        for (const w of this.waiters.splice(0)) w();
        return true;
      }
      this.dns.forgetNegativesSince(this.lastPass);
      const message = verdict === 'lying' ? RESOLVER_LYING : RESOLVER_SILENT;
      const nextTryAt = Date.now() + this.o.retryMs;
      const since = this.state.ok ? Date.now() : this.state.since;
      this.set({ ok: false, message, since, kind: 'dns', nextTryAt });
      void this.retry();
      return false;
    });
    this.current = { startedAt, result };
    return result;
  }

  /** While unhealthy: ask the canaries again every retryMs until they pass. */
  private async retry(): Promise<void> {
    if (this.retrying) return;
    this.retrying = true;
    try {
      while (!this.state.ok && !this.closed) {
        await this.o.sleep(Math.max(0, (this.state.nextTryAt ?? 0) - Date.now()));
        if (this.closed) return;
        await (this.current?.result ?? this.start());
      }
    } finally {
      this.retrying = false;
    }
  }

  private async probe(): Promise<'ok' | 'lying' | 'silent'> {
    const answers = await Promise.all(this.o.canaries.map((d) => this.dns.freshMx(d)));
    const good = answers.filter((a) => a.ok && a.records.length > 0).length;
    if (good * 2 > answers.length) return 'ok';
    // A truthful resolver never denies these names: one denial means it lies (others may time out).
    const denied = answers.some((a) => a.ok || a.code === 'NXDOMAIN' || a.code === 'NODATA');
    return denied ? 'lying' : 'silent';
  }

  private set(h: NetworkHealth): void {
    const changed = h.ok !== this.state.ok || h.message !== this.state.message;
    this.state = h;
    if (changed) this.o.onChange?.(h);
  }
}
