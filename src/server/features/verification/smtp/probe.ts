import type { CatchAllCache } from '../catchall';
import type { ProviderVerdict } from '../types';
import type { HostQueue } from './host';
import { newPending, type Pending } from './pending';

/**
 * The catch-all probe for an accepted address's domain: a random, surely-nonexistent address at the
 * same host, queued like an address (so greylisting, lost sessions and pacing retry it the same way),
 * whose verdict settles the domain: accepted, catch-all; any answer about the mailbox, not;
 * a temporary failure that outlived its retries, unknown.
 */
export function probeFor(cache: CatchAllCache, p: Pending): Pending {
  const domain = p.job.domain;
  const address = cache.probeAddress(domain);
  const job = { ...p.job, address, local: address.slice(0, address.lastIndexOf('@')), role: false };
  const probe = newPending(job, p.tenant, p.targets, (v) => cache.settle(domain, answerOf(v), v.reason));
  probe.target = p.target;
  probe.probe = true;
  probe.workspace = p.workspace; // its RCPT is spent from the same budget (counted, never refused)
  return probe;
}

function answerOf(v: ProviderVerdict): boolean | null {
  if (v.reason === 'accepted') return true;
  if (v.reason === 'greylisted' || v.reason === 'temp_failure' || v.reason === 'unreachable') return null;
  return false;
}

/** Accepted addresses of one domain waiting this long for a rejection to spare the probe are enough. */
const PROBE_AFTER_WAITING = 20;

/**
 * When a domain's catch-all probe is sent: not while other addresses of the domain are still to be
 * answered (a rejection among them proves the domain is not catch-all, and the probe is spared),
 * unless many accepted ones already wait (one probe is then cheap beside them, and they should not
 * wait for the domain's last row).
 */
export class ProbeDemand {
  /** Addresses of each domain started and not yet given their verdict. */
  private readonly open = new Map<string, number>();
  /** Accepted addresses waiting for their domain's answer, and the host of the last (where its probe goes). */
  private readonly waiting = new Map<string, { pending: Set<Pending>; host: HostQueue; last: Pending }>();

  constructor(
    private readonly cache: CatchAllCache,
    private readonly send: (host: HostQueue, probe: Pending) => void,
  ) {}

  started(domain: string): void {
    this.open.set(domain, (this.open.get(domain) ?? 0) + 1);
  }

  /** `p` was accepted and waits for its domain's answer. */
  accepted(host: HostQueue, p: Pending): void {
    const d = p.job.domain;
    const w = this.waiting.get(d) ?? { pending: new Set<Pending>(), host, last: p };
    w.pending.add(p);
    w.host = host;
    w.last = p;
    this.waiting.set(d, w);
    this.check(d);
  }

  /** An address has its verdict. */
  finished(p: Pending): void {
    const domain = p.job.domain;
    const n = (this.open.get(domain) ?? 1) - 1;
    if (n > 0) this.open.set(domain, n);
    else this.open.delete(domain);
    const w = this.waiting.get(domain);
    if (w?.pending.delete(p) && w.pending.size === 0) this.waiting.delete(domain);
    this.check(domain);
  }

  /** The domain's probe was refused (its workspace's budget is spent): the accepted addresses that waited. */
  refused(domain: string): Pending[] {
    this.cache.unclaim(domain);
    const w = this.waiting.get(domain);
    this.waiting.delete(domain);
    return w ? [...w.pending] : [];
  }

  /** Rows of `tenant` waiting for the domain's answer (progress counts them with their probe). */
  waitingOn(domain: string, tenant: string): number {
    let n = 0;
    for (const p of this.waiting.get(domain)?.pending ?? []) if (p.tenant === tenant) n++;
    return n;
  }

  private check(domain: string): void {
    const w = this.waiting.get(domain);
    if (!w || this.cache.has(domain)) return;
    const open = this.open.get(domain) ?? 0;
    if (w.pending.size < open && w.pending.size < PROBE_AFTER_WAITING) return;
    if (this.cache.claim(domain)) this.send(w.host, probeFor(this.cache, w.last));
  }
}
