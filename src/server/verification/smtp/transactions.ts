import { acceptedVerdict, classifyRcpt } from '../classify';
import type { MxTarget } from '../mx';
import type { SmtpProvider } from './prober';
import { retryAfterSeconds, type SmtpReply } from './replies';
import { type Pending, type Route, verdictFrom } from './route';
import type { SmtpSession, TransactionResult } from './session';

export interface Opened {
  session: SmtpSession;
  release: () => void;
  target: MxTarget;
}

/**
 * Drives one open session: takes ready addresses of the route in transactions of up to
 * SMTP rcptPerTransaction recipients (plus a catch-all probe for each domain not yet known), until
 * the route is empty, the session's recipient budget is spent or the server ends the session.
 */
export async function runTransactions(provider: SmtpProvider, route: Route, opened: Opened): Promise<void> {
  const { session, release, target } = opened;
  const s = provider.settings;
  let sent = 0;
  try {
    while (session.alive) {
      route.moveDue();
      const room = Math.min(s.maxRcptPerSession, route.learnedLimit) - sent;
      if (room <= 0 || route.ready.length === 0) break;
      const batch = route.ready.splice(0, Math.min(room, s.rcptPerTransaction));
      const probes = [...new Set(batch.map((p) => p.job.domain))].filter((d) => provider.catchAll.claim(d));
      const rcpts = [
        ...probes.map((d) => provider.catchAll.probeAddress(d)),
        ...batch.map((p) => p.job.address),
      ];
      for (const p of batch) p.attempts++;
      const res = await session.transaction(rcpts);
      const stop = handle(provider, route, target, { sentBefore: sent, probes, batch, res });
      sent += rcpts.length;
      if (stop) break;
    }
  } finally {
    await session.quit();
    release();
  }
}

interface Outcome {
  sentBefore: number;
  probes: string[];
  batch: Pending[];
  res: TransactionResult;
}

/** Applies one transaction's replies; true when the session must end. */
function handle(provider: SmtpProvider, route: Route, target: MxTarget, o: Outcome): boolean {
  const { probes, batch, res } = o;
  const s = provider.settings;
  const host = target.exchange;
  const mailOk = res.mail?.code === 250;

  probes.forEach((domain, i) => {
    const r = mailOk ? res.rcpts[i] : undefined;
    const c = r ? classifyRcpt(r) : null;
    const answer = c?.kind === 'accepted' ? true : c?.kind === 'final' ? false : null;
    provider.catchAll.settle(domain, answer, r && c?.kind === 'retry' ? delayFor(s, r) : 0);
  });

  const retry = (
    p: Pending,
    reason: 'greylisted' | 'temp_failure',
    reply: SmtpReply | null,
    delayMs: number,
  ) => {
    if (p.attempts >= s.greylistMaxAttempts) {
      p.done(verdictFrom({ status: 'risky', reason }, p, host, reply));
    } else provider.requeue(route, p, delayMs);
  };
  const unsent = (p: Pending) => {
    p.attempts--; // never reached the server: does not count
    provider.requeue(route, p, 0);
  };

  if (!mailOk) {
    const mail = res.mail;
    if (!mail) for (const p of batch) retry(p, 'temp_failure', null, 0);
    else if (mail.code === 421) {
      provider.pool.backOff(target.ip);
      for (const p of batch) retry(p, 'temp_failure', mail, 0);
    } else if (mail.code < 500) for (const p of batch) retry(p, 'temp_failure', mail, delayFor(s, mail));
    // A refused sender is about us, not the mailbox: never "invalid".
    else
      for (const p of batch) p.done(verdictFrom({ status: 'risky', reason: 'policy_block' }, p, host, mail));
    return true;
  }

  let stop = res.error !== null;
  const finishers: Array<Promise<void>> = [];
  batch.forEach((p, j) => {
    const r = res.rcpts[probes.length + j];
    if (!r) {
      // Lost with the connection (counts as an attempt), or never sent because the session ended.
      if (res.error) retry(p, 'temp_failure', null, 0);
      else unsent(p);
      return;
    }
    const c = classifyRcpt(r);
    switch (c.kind) {
      case 'final':
        p.done(verdictFrom(c, p, host, r));
        break;
      case 'accepted':
        finishers.push(finishAccepted(provider, route, p, host, r));
        break;
      case 'retry':
        retry(p, c.reason, r, delayFor(s, r));
        break;
      case 'too_many': {
        const accepted = o.sentBefore + probes.length + j;
        if (accepted === 0) retry(p, 'temp_failure', r, delayFor(s, r));
        else {
          route.learnedLimit = Math.min(route.learnedLimit, accepted);
          unsent(p);
        }
        stop = true;
        break;
      }
      case 'closing':
        provider.pool.backOff(target.ip);
        retry(p, 'temp_failure', r, 0);
        stop = true;
        break;
    }
  });
  void Promise.all(finishers);
  return stop;
}

/** An accepted mailbox is only "valid" once we know the domain is not catch-all. */
async function finishAccepted(provider: SmtpProvider, route: Route, p: Pending, host: string, r: SmtpReply) {
  const catchAll = await provider.catchAll.answer(p.job.domain);
  if (catchAll !== null) {
    p.done(verdictFrom(acceptedVerdict(catchAll, p.job.role), p, host, r));
    return;
  }
  // The probe was greylisted or lost: ask again together, after the probe's own delay.
  if (p.attempts >= provider.settings.greylistMaxAttempts) {
    p.done(verdictFrom({ status: 'risky', reason: 'greylisted' }, p, host, r));
    return;
  }
  provider.requeue(route, p, provider.catchAll.retryDelay(p.job.domain));
  provider.pump(route);
}

function delayFor(s: { greylistRetryS: number }, r: SmtpReply): number {
  return (retryAfterSeconds(r.text) ?? s.greylistRetryS) * 1000;
}
