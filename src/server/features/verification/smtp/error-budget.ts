import { isSessionRefusal } from '../classify';
import type { HostQueue } from './host';
import type { Pending } from './pending';
import type { SmtpReply } from './replies';
import type { TransactionResult } from './session';

/**
 * Postfix's `smtpd_soft_error_limit`: with nothing learned about a server, it is assumed to slow every
 * reply once a session has made 10 errors (and to cut the session at 20, the log line IPs are banned
 * for). A session stays below it: at most 9 rejections.
 */
export const ASSUMED_ERROR_LIMIT = 10;

/** A reply this much later than the server's usual pace was held back on purpose (an error sleep, a tarpit). */
const HELD_BACK_MS = 400;

/**
 * At a server that answers a write at once, a session ends (QUIT riding the write) once fewer than this
 * many errors are expected to be left: a new session's full write is then cheaper in round trips than
 * a tail of small ones.
 */
const SMALLEST_WRITE = 4;

/**
 * Catch-all probes are rejections at most servers: mixed into a session's writes, they bring its share
 * of accepted recipients down and end it at Exim's line (10 RCPTs) when the list's own addresses would
 * have carried it to the recipient limit. So a session carries one kind: its first write takes only
 * probes when a full budget of them waits (a short session of rejections), else only addresses, and
 * later writes take addresses first. Probes wait at the front of the queue meanwhile, and go out anyway
 * when nothing else is ready. `more` takes further ready addresses from the queue (probes of domains
 * answered meanwhile are dropped there).
 */
export function oneKindPerSession(
  host: HostQueue,
  taken: Pending[],
  sent: number,
  more: (n: number) => Pending[],
): Pending[] {
  const probes = taken.filter((p) => p.probe);
  if (probes.length === 0) return taken;
  const want = taken.length;
  if (sent === 0 && probes.length >= Math.min(want, errorBudget(host))) return taken;
  const rows = taken.filter((p) => !p.probe);
  // Fill the write with addresses from further back, keeping every probe met for later.
  while (rows.length < want && host.ready > 0) {
    const next = more(want - rows.length);
    if (next.length === 0) break;
    for (const p of next) (p.probe ? probes : rows).push(p);
  }
  if (rows.length === 0) return probes.splice(0, want).concat(putBack(host, probes));
  putBack(host, probes);
  return rows;
}

function putBack(host: HostQueue, probes: Pending[]): Pending[] {
  for (let i = probes.length - 1; i >= 0; i--) host.push(probes[i], true);
  return [];
}

/** Whether this write should be the session's last (see SMALLEST_WRITE); never at a server that spends time per command. */
export function lastWriteBeforeSmallOnes(host: HostQueue, budgetLeft: number, recipients: number): boolean {
  if (host.answersAtOnce !== true) return false;
  // A slow opening (a greeting held for seconds) costs more than a tail of small writes.
  if (host.openMs > 4 * host.writeMs) return false;
  // The host's rejection rate so far (half, before anything is known).
  const rate = host.answeredRcpts > 0 ? host.rejectedRcpts / host.answeredRcpts : 0.5;
  return budgetLeft - recipients * rate < SMALLEST_WRITE;
}

/** Rejections (any 4xx or 5xx reply) a session may make at this host, all told. */
export function errorBudget(host: HostQueue): number {
  return Math.max(1, (host.errorLimit ?? ASSUMED_ERROR_LIMIT) - 1);
}

/**
 * Exim's bad-recipient rule (Debian's and cPanel's ACLs): once a message has had more than this many
 * RCPTs, every further one is denied ("550 Rejected for too many bad recipients") while fewer than half
 * were accepted. A session ends before it would cross that line.
 */
export const EXIM_FREE_RCPTS = 10;

/**
 * Counts one session's errors and learns, from when the server's replies come, how many it tolerates:
 * replies that start coming late after the N-th error (Postfix's error sleep) or a 421 "too many
 * errors" after N make N the host's limit; rejections that are slow from the first one on (Exchange's
 * tarpit) make the host's tarpit known, so its work is scheduled first.
 */
export class SessionErrors {
  errors = 0;
  /** RCPTs answered in this session, and how many of them were accepted (Exim's rule counts both). */
  private rcpts = 0;
  private accepted = 0;
  /** Errors answered at the server's usual pace. */
  private prompt = 0;
  /** Late rejections while no error was prompt (a tarpit shows on two). */
  private heldRejections = 0;
  /** The error count when replies started coming late (an error sleep shows on two late replies in a row). */
  private lateSince: number | null = null;
  /**
   * The server's usual pace: from a write to its first reply (a round trip and a command), and between
   * two replies of one write (a command). Until replies are seen, a round trip of the opening (banner
   * and EHLO took two).
   */
  private readonly usual = { first: Number.POSITIVE_INFINITY, next: Number.POSITIVE_INFINITY };

  constructor(private readonly host: HostQueue) {
    if (host.openMs > 0) this.usual.first = this.usual.next = host.openMs / 2;
  }

  /** One write's results (in order) for this session. */
  observe(results: TransactionResult[]): void {
    this.pace(results);
    let prevAt: number | null = null;
    for (const res of results) {
      if (res.mail && res.mail.code >= 400) this.errors++;
      res.rcpts.forEach((r, i) => {
        const at = res.rcptAt[i];
        const kind = prevAt === null ? 'first' : 'next';
        this.reply(r, kind, at - (prevAt ?? res.writtenAt));
        prevAt = at;
      });
    }
  }

  /** The reply to our QUIT: a cut after the session's last recipient is a finding like any other. */
  farewell(r: SmtpReply | null): void {
    if (r && r.code >= 400 && this.errors > 0 && isSessionRefusal(r)) this.learnLimit(this.errors);
  }

  /**
   * RCPTs this session may still send whatever their answers and stay inside Exim's rule: past
   * EXIM_FREE_RCPTS, at least half (rounded down) accepted before each. Each one in flight may be rejected, so only the accepted
   * ones known now count.
   */
  shareRoom(): number {
    // Exim denies the k-th RCPT (k > 10) when fewer than k/2, in whole numbers, were accepted before it:
    // with `accepted` known and every one in flight rejected, the k-th is safe up to k = 2 × accepted + 1.
    return Math.max(EXIM_FREE_RCPTS, 2 * this.accepted + 1) - this.rcpts;
  }

  /**
   * Whether the server answers a write's recipients at once (the spread of the replies is small beside
   * the wait for the first) or one after another (each costs it time).
   */
  private pace(results: TransactionResult[]): void {
    const at = results.flatMap((r) => r.rcptAt);
    if (at.length === 0) return;
    const first = at[0] - results[0].writtenAt;
    const host = this.host;
    host.writeMs = host.writeMs === 0 ? first : 0.8 * host.writeMs + 0.2 * first;
    if (at.length < 3) return;
    const spread = at[at.length - 1] - at[0];
    this.host.answersAtOnce = spread * 4 < first;
  }

  private reply(r: SmtpReply, kind: 'first' | 'next', gap: number): void {
    const host = this.host;
    const error = r.code >= 400;
    host.answeredRcpts++;
    this.rcpts++;
    if (error) host.rejectedRcpts++;
    else this.accepted++;
    // A refusal of the session after N errors ("421 too many errors", "550 Rejected for too many bad
    // recipients"): the server tolerates fewer than N, whatever it counts.
    if (error && this.errors > 0 && isSessionRefusal(r)) this.learnLimit(this.errors);
    const late = gap > this.usual[kind] + HELD_BACK_MS;
    if (!late && !error) this.usual[kind] = Math.min(this.usual[kind], gap);
    // One late reply may be our own pause (a busy process): each finding needs a second one.
    if (late && error && this.prompt === 0) {
      // Rejections held from the first one on, accepted recipients not: a tarpit, whatever we do.
      if (++this.heldRejections >= 2) host.tarpitMs = Math.max(host.tarpitMs, gap);
    } else if (late && this.errors > 0 && (this.prompt > 0 || !error)) {
      // Errors were answered promptly before, or an accepted recipient now waits: an error sleep.
      // The second late reply may come in another session (one ended by Exim's rule right after its
      // first): the same count of errors twice is the finding too.
      if (this.lateSince === null && host.lateAfter === this.errors) this.learnLimit(this.errors);
      else if (this.lateSince === null) this.lateSince = host.lateAfter = this.errors;
      else this.learnLimit(this.lateSince);
    }
    if (!late) this.lateSince = null;
    if (error && !late) this.prompt++;
    if (error) this.errors++;
  }

  private learnLimit(n: number): void {
    const host = this.host;
    host.errorLimit = Math.min(host.errorLimit ?? Number.POSITIVE_INFINITY, Math.max(1, n));
  }
}
