import type { HostQueue, Pending } from './host';
import { applyOutcome } from './outcome';
import type { Opened, SessionOwner } from './session-owner';

/**
 * Drives one open session: takes ready addresses of the host (any domain, tenants in turn) up to
 * SMTP rcptPerTransaction at a time, one transaction per domain (plus a catch-all probe for each
 * domain not yet known), all pipelined together; until the queue is empty, the session's recipient
 * budget is spent or the server ends the session.
 */
export async function runTransactions(
  provider: SessionOwner,
  host: HostQueue,
  opened: Opened,
): Promise<void> {
  const { session, release, target } = opened;
  const s = provider.settings;
  let sent = 0;
  try {
    while (session.alive) {
      host.moveDue();
      const limit = Math.min(s.maxRcptPerSession, host.learnedLimit);
      const room = limit - sent;
      if (room <= 0 || host.ready === 0) break;
      // As many addresses as the session has room for, catch-all probes included, in one write.
      const taken = host.take(Math.min(room, 2 * s.rcptPerTransaction));
      const byDomain = new Map<string, Pending[]>();
      let rcpts = 0;
      let cut = taken.length;
      for (let i = 0; i < taken.length; i++) {
        const p = taken[i];
        const fresh = !byDomain.has(p.job.domain);
        const cost = 1 + (fresh && provider.catchAll.wouldProbe(p.job.domain) ? 1 : 0);
        if (rcpts + cost > room) {
          cut = i;
          break;
        }
        rcpts += cost;
        p.attempts++;
        const list = byDomain.get(p.job.domain);
        if (list) list.push(p);
        else byDomain.set(p.job.domain, [p]);
      }
      for (let i = taken.length - 1; i >= cut; i--) host.push(taken[i], true);
      if (byDomain.size === 0) break;
      const groups = [...byDomain].map(([domain, pending]) => ({
        domain,
        pending,
        probe: provider.catchAll.claim(domain),
      }));
      // QUIT rides in this write when the session will take nothing more: it is full, or the next
      // address did not fit (with its domain's probe). A QUIT of its own would cost a round trip, a
      // third of a session. A queue that is merely empty keeps the session for one more round trip:
      // addresses coming back meanwhile (from a sibling session that dropped) are asked on it.
      const last = sent + rcpts >= limit || cut < taken.length;
      const results = await session.transactions(
        groups.map((g) => [
          ...(g.probe ? [provider.catchAll.probeAddress(g.domain)] : []),
          ...g.pending.map((p) => p.job.address),
        ]),
        { quit: last },
      );
      // The session died before answering anything (a server that drops some sessions right after
      // EHLO): it said nothing about these addresses, so they spend no try and go to the next
      // session; unless the server does so SMTP_RETRY_BUDGET times in a row (it would take them forever).
      const answered = results.some((r) => r.mail !== null);
      if (answered) host.unansweredDrops = 0;
      const unanswered = sent === 0 && !answered && ++host.unansweredDrops < s.retryBudget;
      let stop = false;
      groups.forEach((g, i) => {
        if (
          applyOutcome(provider, host, target, {
            sentBefore: sent,
            unanswered,
            tls: session.tls,
            ...g,
            res: results[i],
          })
        )
          stop = true;
        sent += g.pending.length + (g.probe ? 1 : 0);
      });
      if (stop) break;
    }
  } finally {
    await session.quit();
    release();
  }
}
