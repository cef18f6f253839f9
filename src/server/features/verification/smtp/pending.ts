import type { MxTarget } from '../mx';
import type { ProviderJob, ProviderVerdict, Unjudged } from '../types';
import type { SmtpReply } from './replies';

// An address on its way through step 2 (queued at a host, set aside, parked) and the verdict it is
// given from a reply: what every part of the SMTP provider passes around. Its host's queue is host.ts.

/** Why the last attempt to open a session to a host failed (what its addresses get if it gives up). */
export type OpenFailure =
  | { kind: 'retry'; reply: SmtpReply | null; message: string }
  | { kind: 'refused'; reply: SmtpReply; atBanner?: boolean }
  /** `silent`: it accepted the connection and never greeted (the server's doing, never our network's). */
  | { kind: 'unreachable'; message: string; silent?: boolean };

/** Why an address is set aside for a while. */
export type DelayReason = 'greylisted' | 'temporary_failure' | 'connection_lost' | 'slowed_down';

/** One address on its way through step 2. */
export interface Pending {
  job: ProviderJob;
  /** Whose address it is (an upload, a find): `waiting(tenant)` reports on it. */
  tenant: string;
  /** The workspace it is asked for: hosts take turns between workspaces, and its probe budget pays. */
  workspace?: string;
  /** Stop and the probe budget hand it back through here, without a verdict (none: it gets one). */
  handBack?: (u: Unjudged) => void;
  /** Its caller's Stop: once aborted it is not queued again (handed back instead). */
  signal?: AbortSignal;
  /** Public addresses of its MX hosts, in preference order. */
  targets: MxTarget[];
  /** Index in `targets` of the host it is queued at. */
  target: number;
  /** Transactions this address has been sent in (greylisting budget). */
  attempts: number;
  /** Transient failures met (dropped sessions, timeouts, temporary replies): the retry budget. */
  tries: number;
  /** Times it was sent back because the server limited our pace (421, rate replies). */
  paced: number;
  /** A catch-all probe (a random address at the domain): its answer settles the domain, not a row. */
  probe?: boolean;
  /** Not before this time (greylisting, retry back-off). */
  notBefore: number;
  /** Why it waits until `notBefore` (progress shows it). */
  waitReason?: DelayReason;
  done: (verdict: ProviderVerdict) => void;
}

/** An address about to be queued at the first of its MX hosts, nothing tried yet. */
export const newPending = (
  job: ProviderJob,
  tenant: string,
  targets: MxTarget[],
  done: (verdict: ProviderVerdict) => void,
): Pending => ({ job, tenant, targets, target: 0, attempts: 0, tries: 0, paced: 0, notBefore: 0, done });

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
