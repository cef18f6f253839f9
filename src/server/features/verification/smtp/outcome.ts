import { verdictOf } from '../../../../shared/reasons';
import { backoffDelay } from '../../../platform/retry';
import {
  acceptedVerdict,
  classifyRcpt,
  isMixedDomainRefusal,
  isRateReply,
  isSessionRefusal,
  isTlsRequiredReply,
} from '../classify';
import type { HostQueue } from './host';
import { type Pending, verdictFrom } from './pending';
import type { SmtpReply } from './replies';
import { temporaryRetryDelay } from './retry-delay';
import { SESSION_CLOSED, type TransactionResult } from './session';
import type { SessionOwner, SessionTarget } from './session-owner';

// What one envelope's replies mean for its addresses (transactions.ts sends them): verdicts,
// retries, TLS asked for, pacing, mixed domains refused, and catch-all probes asked for or answered.

export interface Outcome {
  /** Recipients this session asked about before this envelope. */
  sentBefore: number;
  /** The session ended before its first reply: not an attempt (see runTransactions). */
  unanswered: boolean;
  /** The session runs over TLS. */
  tls: boolean;
  /** Its addresses in order; catch-all probes among them are marked. */
  pending: Pending[];
  res: TransactionResult;
}

/** Applies one transaction's replies; true when the session must end. */
export function applyOutcome(
  provider: SessionOwner,
  host: HostQueue,
  target: SessionTarget,
  o: Outcome,
): boolean {
  const { pending: batch, res } = o;
  const s = provider.settings;
  const name = target.exchange;
  const mailOk = res.mail?.code === 250;

  // 530 "Must issue a STARTTLS command first" in a plain session (at MAIL FROM or at RCPT TO): the
  // answer comes over TLS, so it is no answer about any address yet. Every later session to this host
  // starts TLS (offered or not) and the addresses are asked again there; a second 530 is a verdict.
  const plainAsked = !o.tls && !host.tlsRequired;
  const needsTls = (r: SmtpReply) => plainAsked && isTlsRequiredReply(r);
  const requireTls = () => {
    host.tlsRequired = true;
    host.noTls = false;
  };

  // A temporary answer: greylisting waits what the server asked, other 4xx a short back-off.
  const retry = (p: Pending, reason: 'greylisted' | 'temp_failure', reply: SmtpReply | null) => {
    if (p.attempts >= s.greylistMaxAttempts) return p.done(verdictFrom(verdictOf(reason), p, name, reply));
    const why = reason === 'greylisted' ? 'greylisted' : 'temporary_failure';
    provider.requeue(host, p, temporaryRetryDelay(s, p.attempts, reason, reply), why);
  };
  const unsent = (p: Pending) => {
    p.attempts--; // never answered by the server: does not count
    provider.requeue(host, p, 0);
  };
  // The server limits our pace (421, a rate reply, 452 at the first recipient): fewer slots and a
  // short pause for the host, the address asked again; never a verdict (within a generous budget).
  const paced = (p: Pending, reply: SmtpReply | null) => {
    p.attempts--;
    if (++p.paced > PACE_BUDGET) {
      p.done(verdictFrom(verdictOf('temp_failure'), p, name, reply));
      return;
    }
    provider.requeue(host, p, 0);
  };
  // The server refused the session or us, not the mailbox ("Rejected for too many bad recipients"): the
  // address is asked again in a fresh session after a pause that grows with each refusal (the server's
  // tolerance was lowered meanwhile: error-budget.ts); never a verdict, unless it keeps refusing.
  const refused = (p: Pending, reply: SmtpReply) => {
    p.attempts--;
    if (++p.paced > PACE_BUDGET) {
      p.done(verdictFrom(verdictOf(reply.code >= 500 ? 'policy_block' : 'temp_failure'), p, name, reply));
      return;
    }
    const pause = backoffDelay(p.paced, { baseMs: s.retryBaseMs, maxMs: s.backoffMs, jitter: 0.5 });
    provider.requeue(host, p, pause, 'slowed_down');
  };
  let slowed = false;
  const slowDown = () => {
    if (slowed) return;
    slowed = true;
    provider.pool.backOff(target.slot);
  };
  const lost = (p: Pending) => {
    // In flight when the connection dropped or timed out: a transient failure of ours to retry soon.
    p.tries++;
    if (p.tries >= s.retryBudget) {
      const v = verdictFrom(verdictOf('temp_failure'), p, name, null);
      v.smtpMessage = res.error?.message ?? null;
      p.done(v);
    } else {
      // The answer is usually there on the next connection: the first retry is immediate, later
      // ones wait a short jittered back-off (at most 4 × SMTP_RETRY_BASE_MS).
      const delay =
        p.tries === 1
          ? 0
          : backoffDelay(p.tries - 1, { baseMs: s.retryBaseMs, maxMs: 4 * s.retryBaseMs, jitter: 0.5 });
      provider.requeue(host, p, delay, 'connection_lost');
    }
  };

  if (res.error === SESSION_CLOSED) {
    for (const p of batch) unsent(p);
    return true;
  }
  if (!mailOk) {
    const mail = res.mail;
    if (!mail) for (const p of batch) o.unanswered ? unsent(p) : lost(p);
    else if (isSessionRefusal(mail)) {
      for (const p of batch) refused(p, mail);
      return true;
    } else if (mail.code === 421 || isRateReply(mail)) {
      slowDown();
      for (const p of batch) paced(p, mail);
      return true;
    } else if (needsTls(mail)) {
      requireTls();
      for (const p of batch) unsent(p);
      return true;
    } else if (mail.code < 500) for (const p of batch) retry(p, 'temp_failure', mail);
    // A refused sender is about us, not the mailbox: never "invalid".
    else for (const p of batch) p.done(verdictFrom(verdictOf('policy_block'), p, name, mail));
    return res.error !== null || (mail?.code ?? 0) === 421;
  }

  let stop = res.error !== null;
  batch.forEach((p, j) => {
    const r = res.rcpts[j];
    if (!r) {
      // Lost with the connection, or never sent because the session ended.
      if (res.error) lost(p);
      else unsent(p);
      return;
    }
    if (needsTls(r)) {
      requireTls();
      unsent(p);
      stop = true;
      return;
    }
    if (isMixedDomainRefusal(r)) {
      // Not an answer about the address: one domain per transaction here from now on.
      host.singleDomain = true;
      unsent(p);
      stop = true;
      return;
    }
    const c = classifyRcpt(r);
    if (c.kind === 'final' || c.kind === 'accepted') provider.pool.answered(target.slot);
    switch (c.kind) {
      case 'final':
        // A mailbox the server says does not exist proves the domain is not catch-all: no probe.
        if (!p.probe && c.reason === 'rejected' && !provider.catchAll.has(p.job.domain))
          provider.catchAll.settle(p.job.domain, false);
        p.done(verdictFrom(c, p, name, r));
        break;
      case 'accepted':
        if (p.probe) p.done(verdictFrom(verdictOf('accepted'), p, name, r));
        else void finishAccepted(provider, host, p, name, r);
        break;
      case 'retry':
        retry(p, c.reason, r);
        break;
      case 'rate':
        slowDown();
        paced(p, r);
        stop = true;
        break;
      case 'too_many': {
        const accepted = o.sentBefore + j;
        if (accepted === 0) {
          slowDown();
          paced(p, r);
        } else {
          host.learnedLimit = Math.min(host.learnedLimit, accepted);
          unsent(p);
        }
        stop = true;
        break;
      }
      case 'closing':
        slowDown();
        paced(p, r);
        stop = true;
        break;
      case 'refused_session':
        refused(p, r);
        stop = true;
        break;
    }
  });
  return stop;
}

/**
 * An accepted mailbox is only "valid" once we know the domain is not catch-all: unless the answer is
 * known, it waits for the domain's probe (sent when ProbeDemand says, to the front of the host's queue).
 */
async function finishAccepted(
  provider: SessionOwner,
  host: HostQueue,
  p: Pending,
  name: string,
  r: SmtpReply,
) {
  const cache = provider.catchAll;
  if (!cache.has(p.job.domain)) provider.probes.accepted(host, p);
  const catchAll = await cache.answer(p.job.domain);
  if (catchAll !== null) p.done(verdictFrom(acceptedVerdict(catchAll, p.job.role), p, name, r));
  // The probe's retries ran out (greylisted, lost): the mailbox exists, but nobody can say it is safe.
  else p.done(verdictFrom(verdictOf(cache.failureOf(p.job.domain)), p, name, r));
}

/** Times one address may be sent back because of the server's pace before it is temp_failure. */
const PACE_BUDGET = 12;
