import type { MxTarget } from '../mx';
import type { MxRecord, ProviderJob, ProviderVerdict } from '../types';
import type { SmtpReply } from './replies';

/** Why the last attempt to open a session on a route failed (what its addresses get if it gives up). */
export type OpenFailure =
  | { kind: 'retry'; reply: SmtpReply | null; message: string }
  | { kind: 'refused'; reply: SmtpReply }
  | { kind: 'unreachable'; message: string };

/** One address on its way through step 2. */
export interface Pending {
  job: ProviderJob;
  /** Transactions this address has been sent in. */
  attempts: number;
  /** Not before this time (greylisting). */
  notBefore: number;
  done: (verdict: ProviderVerdict) => void;
}

/**
 * The addresses bound for one set of mail exchangers (domains sharing their MX list share a route,
 * so one session can carry RCPTs for all of them).
 */
export class Route {
  targets: Promise<MxTarget[]> | null = null;
  /** The MX addresses once resolved (null until then). */
  resolved: MxTarget[] | null = null;
  readonly ready: Pending[] = [];
  readonly delayed: Pending[] = [];
  /** Running `work` calls (opening a session or in one); each decrements exactly once when it ends. */
  workers = 0;
  /** Workers holding an open session. */
  sessions = 0;
  timer: NodeJS.Timeout | null = null;
  timerAt = 0;
  /**
   * IPs that failed to connect, skipped (fall-over goes to the next MX) until the time given:
   * Infinity (the rest of the run) when refused, a while when a first timeout may be transient.
   */
  readonly dead = new Map<string, number>();
  /** When each IP's first timeout mark ends: a timeout on a connection started after that is final. */
  readonly timedOut = new Map<string, number>();
  /** IPs that have served a session: a later failure there is transient, not "unreachable". */
  readonly good = new Set<string>();
  /** IPs whose STARTTLS handshake failed: talk plain text to them. */
  readonly noTls = new Set<string>();
  /** Learned from 452 "too many recipients". */
  learnedLimit = Number.POSITIVE_INFINITY;
  /** Failed openings in a row while no session of the route is open, to give up on a host that keeps saying 421. */
  failuresInRow = 0;
  /** The last failed opening, and the last one that was only a "try later" (421, 4xx, TLS). */
  lastFailure: OpenFailure | null = null;
  lastRetry: OpenFailure | null = null;

  constructor(
    readonly key: string,
    readonly mx: MxRecord[],
  ) {}

  get size(): number {
    return this.ready.length + this.delayed.length;
  }

  /** Moves greylisted addresses whose delay is over back to the ready queue. */
  moveDue(now = Date.now()): void {
    for (let i = this.delayed.length - 1; i >= 0; i--) {
      if (this.delayed[i].notBefore <= now) this.ready.push(...this.delayed.splice(i, 1));
    }
  }

  isDead(ip: string, now = Date.now()): boolean {
    return (this.dead.get(ip) ?? 0) > now;
  }

  /**
   * Null while some MX address may be tried (or they are not resolved yet); otherwise when the
   * first dead mark runs out, or Infinity when every address is dead for the rest of the run.
   */
  blockedUntil(now = Date.now()): number | null {
    if (!this.resolved) return null;
    let until = Number.POSITIVE_INFINITY;
    for (const t of this.resolved) {
      const d = this.dead.get(t.ip) ?? 0;
      if (d <= now) return null;
      until = Math.min(until, d);
    }
    return until;
  }

  nextDue(): number | null {
    let min: number | null = null;
    for (const p of this.delayed) if (min === null || p.notBefore < min) min = p.notBefore;
    return min;
  }
}

export function routeKey(mx: MxRecord[]): string {
  return mx.map((r) => `${r.priority}:${r.exchange}`).join(',');
}

export function verdictFrom(
  base: Pick<ProviderVerdict, 'status' | 'reason'>,
  p: Pending,
  mxHost: string | null,
  reply: SmtpReply | null,
): ProviderVerdict {
  return {
    ...base,
    mxHost,
    smtpCode: reply?.code ?? null,
    smtpMessage: reply?.text ?? null,
    attempts: p.attempts,
  };
}
