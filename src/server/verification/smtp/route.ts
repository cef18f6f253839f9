import type { MxTarget } from '../mx';
import type { MxRecord, ProviderJob, ProviderVerdict } from '../types';
import type { SmtpReply } from './replies';

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
  readonly ready: Pending[] = [];
  readonly delayed: Pending[] = [];
  workers = 0;
  timer: NodeJS.Timeout | null = null;
  timerAt = 0;
  /** IPs that failed to connect this run and are skipped (fall-over goes to the next MX). */
  readonly dead = new Set<string>();
  /** IPs that have served a session: a later failure there is transient, not "unreachable". */
  readonly good = new Set<string>();
  /** IPs whose STARTTLS handshake failed: talk plain text to them. */
  readonly noTls = new Set<string>();
  /** Learned from 452 "too many recipients". */
  learnedLimit = Number.POSITIVE_INFINITY;
  /** Failed session openings in a row, to give up on a host that keeps saying 421. */
  failuresInRow = 0;

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
