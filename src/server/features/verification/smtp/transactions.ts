import { admitRecipients } from './budget-gate';
import { errorBudget, lastWriteBeforeSmallOnes, oneKindPerSession, SessionErrors } from './error-budget';
import type { HostQueue } from './host';
import { applyOutcome } from './outcome';
import type { Pending } from './pending';
import type { Envelope } from './session';
import type { Opened, SessionOwner } from './session-owner';

/**
 * Drives one open session: takes ready addresses of the host (any domain, tenants in turn) and asks
 * about them in as few commands as the server allows: one MAIL FROM for the whole session, recipients
 * of every domain in it (one transaction per domain, with RSET, only at a server that refuses mixed
 * domains), pipelined. Each write carries no more recipients than the session may still have rejected
 * (error-budget.ts), so a server's error limit is never reached. Catch-all probes are queued by the
 * outcome of an accepted address (outcome.ts) and ride the next write. Until the queue is empty, the
 * session's recipient or error budget is spent, or the server ends the session.
 */
export async function runTransactions(
  provider: SessionOwner,
  host: HostQueue,
  opened: Opened,
): Promise<void> {
  const { session, release, target } = opened;
  const s = provider.settings;
  const errors = new SessionErrors(host);
  let sent = 0;
  /** The domain of the open transaction at a server that takes one domain per transaction. */
  let openDomain: string | null = null;
  /** Workspaces this session was charged for (budget-gate.ts). */
  const charged = new Set<string>();
  try {
    while (session.alive) {
      host.moveDue();
      const limit = Math.min(s.maxRcptPerSession, host.learnedLimit);
      const budgetLeft = errorBudget(host) - errors.errors;
      // Within the server's error budget and Exim's share of accepted recipients (error-budget.ts).
      const room = Math.min(limit - sent, budgetLeft, errors.shareRoom());
      if (room <= 0 || host.ready === 0) break;
      // At a tarpit the sessions share what is left (each holds its rejections one after another).
      const share = host.tarpitMs > 0 ? Math.ceil(host.ready / Math.max(1, host.workers)) : room;
      const took = oneKindPerSession(
        host,
        takeRecipients(provider, host, Math.min(room, share, 2 * s.rcptPerTransaction)),
        sent,
        (n) => takeRecipients(provider, host, n),
      );
      // The probe budget's one gate (decision 0860): nothing is written before it is spent.
      const taken = provider.ctx.budget ? await admitRecipients(provider, took, charged) : took;
      if (taken.length === 0) continue;
      for (const p of taken) p.attempts++;
      const envelopes = envelopesOf(taken, host.singleDomain, openDomain);
      if (host.singleDomain) openDomain = envelopes[envelopes.length - 1].pending[0].job.domain;
      // QUIT rides in this write when the session will take nothing more (its recipient budget is
      // spent, or only small writes would be left at a server that answers at once): a QUIT of its
      // own would cost a round trip. A queue that is merely empty keeps the session for one more round
      // trip: catch-all probes and addresses coming back (from a sibling session that dropped) are
      // asked on it.
      const last = sent + taken.length >= limit || lastWriteBeforeSmallOnes(host, budgetLeft, taken.length);
      const results = await session.transactions(
        envelopes.map((e) => ({ rcpts: e.pending.map((p) => p.job.address), fresh: e.fresh })),
        { quit: last },
      );
      errors.observe(results);
      // The session died before answering anything (a server that drops some sessions right after
      // EHLO): it said nothing about these addresses, so they spend no try and go to the next
      // session; unless the server does so SMTP_RETRY_BUDGET times in a row (it would take them forever).
      const answered = results.some((r) => r.mail !== null);
      if (answered) host.unansweredDrops = 0;
      const unanswered = sent === 0 && !answered && ++host.unansweredDrops < s.retryBudget;
      let stop = false;
      envelopes.forEach((e, i) => {
        const res = results[i];
        if (
          applyOutcome(provider, host, target, { sentBefore: sent, unanswered, tls: session.tls, ...e, res })
        )
          stop = true;
        sent += e.pending.length;
      });
      if (stop) break;
    }
  } finally {
    await session.quit();
    errors.farewell(session.goodbye);
    release();
  }
}

/** Up to `n` ready addresses; probes of domains answered meanwhile (a rejection proved them) are dropped. */
function takeRecipients(provider: SessionOwner, host: HostQueue, n: number): Pending[] {
  const out: Pending[] = [];
  while (out.length < n && host.ready > 0) {
    for (const p of host.take(n - out.length)) {
      if (p.probe && provider.catchAll.has(p.job.domain)) continue;
      out.push(p);
    }
  }
  return out;
}

/** One envelope for all (a server that takes mixed domains), else one per domain. */
function envelopesOf(
  taken: Pending[],
  singleDomain: boolean,
  openDomain: string | null,
): Array<Pick<Envelope, 'fresh'> & { pending: Pending[] }> {
  if (!singleDomain) return [{ fresh: false, pending: taken }];
  const byDomain = new Map<string, Pending[]>();
  for (const p of taken) {
    const list = byDomain.get(p.job.domain);
    if (list) list.push(p);
    else byDomain.set(p.job.domain, [p]);
  }
  // The open transaction's domain first: its recipients need no RSET and MAIL FROM.
  const groups = [...byDomain].sort(([a], [b]) => Number(b === openDomain) - Number(a === openDomain));
  return groups.map(([domain, pending]) => ({ fresh: domain !== openDomain, pending }));
}
