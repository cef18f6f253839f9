import { type ReasonCode, type VerificationStatus, verdictOf } from '../../../shared/verification';
import type { SmtpReply } from './smtp/replies';

/** What one RCPT TO reply means for the mailbox (VERIFICATION.md, step 2). */
export type RcptOutcome =
  | { kind: 'final'; status: VerificationStatus; reason: ReasonCode }
  | { kind: 'accepted' }
  /** 4xx: try again later; `greylist` tells greylisting from other temporary failures. */
  | { kind: 'retry'; reason: 'greylisted' | 'temp_failure' }
  /** 452 too many recipients: not an answer about this address; continue in a new session. */
  | { kind: 'too_many' }
  /** 421: the server is closing the session and wants us to back off. */
  | { kind: 'closing' }
  /** A limit on our pace (450 4.2.1 "rate", 421 4.7.28): slow down, ask again; never a verdict. */
  | { kind: 'rate' }
  /**
   * The session or the client is refused, not the mailbox ("Rejected for too many bad recipients"):
   * ask again in a fresh session after a pause, with a lower tolerance; never a verdict.
   */
  | { kind: 'refused_session' };

// Words servers use for blocks on the sender's IP or reputation, not on the mailbox.
const POLICY_TEXT =
  /block|blacklist|blocklist|black list|\brbl\b|dnsbl|spamhaus|spamcop|barracuda|\bspam\b|reputation|policy|client host|relay (access )?denied|not permitted to relay|rejected due to|banned/i;
const UNKNOWN_USER_TEXT =
  /user unknown|unknown user|no such (user|mailbox|recipient|address)|does not exist|doesn't exist|not exist|mailbox (is )?unavailable|mailbox not found|invalid (recipient|mailbox|address)|recipient (address )?rejected|unknown recipient|recipient unknown|address rejected|undeliverable|no mailbox|not found|disabled|deactivated|inactive|unrouteable|not a valid/i;
const FULL_TEXT =
  /mailbox (is )?full|over ?quota|quota exceeded|exceeded (the )?storage|insufficient storage|mailbox size limit/i;
const GREYLIST_TEXT = /grey|gray|try (again )?later|retry later|postpone|deferred/i;
// Haraka's limit plugin says "450 Too many recipient attempts" past its per-connection recipient count
// (accepted or not): a recipient limit of the session, learned as 452's (real Haraka, bench/real-haraka.ts).
const TOO_MANY_TEXT =
  /too many recipients(?! from)|recipient limit|too many rcpt|too many recipient attempts/i;
const RATE_TEXT =
  /\brate\b|rate.?limit|throttl|slow down|too many (messages|mails|emails|connections|requests)/i;

/**
 * Words of a server refusing the session or the client rather than the mailbox (session-refusals.test.ts
 * has each server's own wording): a count of bad recipients or errors (Exim's Debian and cPanel ACLs,
 * Sendmail's BadRcptThrottle, Postfix's and Exchange's error limits, Haraka's limit and karma), a cap on
 * our recipients or requests (Postfix's anvil, cPanel's ratelimit ACL, Microsoft 365's "server busy").
 */
const SESSION_REFUSAL_TEXT =
  /too many (bad|invalid|unknown|failed|rejected|unverified) (recipients?|rcpts?|users|addresses)|bad recipient count|too many (errors|invalid commands|unrecognized commands)|error limit|errors? exceeded|bad karma|karma score|too many recipients from|reached its limit for processing requests|server busy|dictionary attack|directory harvest|harvest attack/i;

/** A reply refusing the session or the client, whatever its code: never a verdict on the address. */
export function isSessionRefusal(reply: SmtpReply): boolean {
  return reply.code >= 400 && SESSION_REFUSAL_TEXT.test(reply.text);
}

const STARTTLS_TEXT = /starttls|must issue a starttls|tls required|encryption required/i;

/** 530 "Must issue a STARTTLS command first": the server talks only over TLS (ask again with it). */
export function isTlsRequiredReply(reply: SmtpReply): boolean {
  return reply.code === 530 || (reply.code >= 500 && STARTTLS_TEXT.test(reply.text));
}

const MIXED_DOMAINS_TEXT =
  /multiple (destination |recipient )?domains|different (recipient |destination )?domains|(one|single) (recipient |destination )?domain per|same domain only|domains? per (transaction|message)/i;

/**
 * A recipient refused for riding with another domain's in one transaction (Microsoft 365: "452 4.5.0
 * Multiple destination domains per transaction is unsupported"): no answer about the mailbox.
 */
export function isMixedDomainRefusal(reply: SmtpReply): boolean {
  return reply.code >= 400 && MIXED_DOMAINS_TEXT.test(reply.text);
}

const CONNECTION_LIMIT_TEXT =
  /too many (concurrent |simultaneous |smtp )*(connections|sessions)|maximum number of concurrent (server )?connections/i;

/** A greeting that says we hold as many connections as the server allows us (Postfix, Exim, Exchange). */
export function isConnectionLimitReply(reply: SmtpReply): boolean {
  return reply.code >= 400 && reply.code < 500 && CONNECTION_LIMIT_TEXT.test(reply.text);
}

/**
 * A refusing banner: one that names a block on us ("client host rejected", an RBL) is a policy; any
 * other 5xx banner ("554 No SMTP service here") turns everyone away: unreachable (VERIFICATION.md).
 */
export function bannerRefusalReason(reply: SmtpReply): 'policy_block' | 'unreachable' {
  return POLICY_TEXT.test(reply.text) || isSessionRefusal(reply) ? 'policy_block' : 'unreachable';
}

/** A temporary reply about how fast we ask (any command), not about the mailbox. */
export function isRateReply(reply: SmtpReply): boolean {
  if (reply.code < 400 || reply.code >= 500) return false;
  // 4.2.1 alone is "mailbox busy" (a reply about the mailbox); Gmail's rate limit says "rate".
  return reply.enhanced === '4.7.28' || RATE_TEXT.test(reply.text);
}

export function classifyRcpt(reply: SmtpReply): RcptOutcome {
  const { code, enhanced, text } = reply;
  // 252 "cannot VRFY user, but will accept message": the server will not say (VERIFICATION.md).
  if (code === 252) return { kind: 'final', ...verdictOf('unverifiable') };
  if (code >= 200 && code < 300) return { kind: 'accepted' };
  if (isRateReply(reply)) return { kind: 'rate' };
  // "Too many recipients" is a limit on the session whatever its code (452 usually, 550 at some servers).
  if (code >= 400 && ((code === 452 && enhanced === '4.5.3') || TOO_MANY_TEXT.test(text))) {
    return { kind: 'too_many' };
  }
  if (isSessionRefusal(reply)) return { kind: 'refused_session' };
  if (code === 421) return { kind: 'closing' };
  if (code >= 400 && code < 500) {
    const grey =
      enhanced === '4.7.1' || code === 451 || GREYLIST_TEXT.test(text) || enhanced?.startsWith('4.7.');
    return { kind: 'retry', reason: grey ? 'greylisted' : 'temp_failure' };
  }
  // Permanent. Enhanced codes are the most specific signal, then the text, then the basic code. The
  // status is the reason's own (shared/reasons.ts).
  const final = (reason: ReasonCode): RcptOutcome => ({ kind: 'final', ...verdictOf(reason) });
  if (enhanced?.startsWith('5.7.')) return final('policy_block');
  if (enhanced?.startsWith('5.1.')) return final('rejected');
  if (enhanced === '5.2.2') return final('mailbox_full');
  if (POLICY_TEXT.test(text)) return final('policy_block');
  if (code === 552 || FULL_TEXT.test(text)) return final('mailbox_full');
  if (enhanced === '5.2.1' || UNKNOWN_USER_TEXT.test(text)) return final('rejected');
  // 550 "mailbox unavailable", 551 "user not local", 553 "mailbox name not allowed" (RFC 5321 §4.2.3).
  if (code === 550 || code === 551 || code === 553) return final('rejected');
  // Anything else permanent (554 transaction failed, 5.3.x system issues) says nothing sure
  // about the mailbox, so it is never "invalid" (policy_block is risky).
  return final('policy_block');
}

/** The verdict for an accepted mailbox once the domain's catch-all answer is known. */
export function acceptedVerdict(
  catchAll: boolean,
  role: boolean,
): { status: VerificationStatus; reason: ReasonCode } {
  if (catchAll) return verdictOf('catch_all');
  if (role) return verdictOf('role');
  return verdictOf('accepted');
}
