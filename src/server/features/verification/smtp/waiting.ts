import type { WaitingGroup, WaitingReason } from '../../../../shared/list-runs';
import type { HostQueue } from './host';
import type { ConnectionPool } from './pool';

export type { WaitingGroup };

/** At most this many groups are reported (the largest). */
const MAX_GROUPS = 6;

/**
 * What a tenant's addresses wait for, per reason and mail server: set aside until a time
 * (greylisted, temporary failure, dropped connection), at a server that asked us to slow down (421, a
 * rate reply), or at one that has not answered yet (a stall: it gives up at the timeout; or the pause
 * before its second chance). Addresses simply queued behind a working session are not "waiting".
 */
export function waitingOf(
  hosts: Iterable<HostQueue>,
  tenant: string,
  o: {
    pool: ConnectionPool;
    timeoutMs: number;
    memoryTtlMs: number;
    /** Rows of the tenant waiting for a domain's catch-all answer (its probe stands for them). */
    waitingOn?: (domain: string, tenant: string) => number;
    /** Rows held while our network seems down (parked.ts): they wait for the next try. */
    parked?: { rows: number; host: string; at: number } | null;
    now?: number;
  },
): WaitingGroup[] {
  const now = o.now ?? Date.now();
  const groups = new Map<
    string,
    { reason: WaitingReason; rows: number; hosts: Set<string>; at: number | null }
  >();
  const add = (reason: WaitingReason, host: string, rows: number, at: number | null) => {
    const g = groups.get(reason) ?? { reason, rows: 0, hosts: new Set<string>(), at: null };
    g.rows += rows;
    g.hosts.add(host);
    if (at !== null && at > now) g.at = g.at === null ? at : Math.min(g.at, at);
    groups.set(reason, g);
  };
  for (const h of hosts) {
    for (const p of h.delayed) {
      if (p.tenant !== tenant) continue;
      // A probe set aside holds up the accepted rows of its domain, not a row of its own.
      const rows = p.probe ? (o.waitingOn?.(p.job.domain, tenant) ?? 0) : 1;
      if (rows > 0) add(p.waitReason ?? 'temporary_failure', h.exchange, rows, p.notBefore);
    }
    const ready = h.readyOf(tenant);
    if (ready === 0) continue;
    const silent = h.sessions === 0 && now - h.lastGoodAt >= o.memoryTtlMs;
    const slowed = o.pool.state(h.slot).pausedUntil;
    if (slowed > now) add('slowed_down', h.exchange, ready, slowed);
    else if (h.pausedUntil > now) {
      // A failed connection's short pause: a server that has not answered yet, or a hiccup.
      add(silent ? 'no_answer_yet' : 'temporary_failure', h.exchange, ready, h.pausedUntil);
    } else if (silent && h.openingSince > 0)
      add('no_answer_yet', h.exchange, ready, h.openingSince + o.timeoutMs);
  }
  if (o.parked) add('no_answer_yet', o.parked.host, o.parked.rows, o.parked.at);
  return [...groups.values()]
    .sort((a, b) => b.rows - a.rows)
    .slice(0, MAX_GROUPS)
    .map((g) => ({
      reason: g.reason,
      rows: g.rows,
      host: g.hosts.size === 1 ? [...g.hosts][0] : null,
      retryAt: g.at === null ? null : new Date(g.at).toISOString(),
    }));
}
