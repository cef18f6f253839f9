// The confidence score (docs/decisions/0221-confidence-score.md): 0–100, the estimated chance that a
// message to the address is delivered. It starts from a prior per verdict and reason (and, for a
// catch-all server, its kind of provider). Catch-all rows are calibrated by what the workspace's own
// sends to the same domain, else the same provider, did; accepted rows by what its sends to accepted
// rows did.

import type { MailProvider } from './mail-providers';
import { REASON_PRIORS } from './reasons';

const BY_STATUS = { valid: 95, risky: 60, invalid: 2 } as const;
/** A gateway in front of a catch-all answer hides the mailbox entirely: less is known. */
const GATEWAY_CATCH_ALL = 65;
/** How many sends the prior is worth: history outweighs it once a domain has more sends than this. */
export const PRIOR_WEIGHT = 20;
/**
 * The accepted prior is worth more sends: its bounces are rare (about 1 in 100), so a few dozen sends say
 * little about them, and one unlucky bounce must not move every valid row of the workspace.
 */
export const ACCEPTED_PRIOR_WEIGHT = 100;

/** Sent catch-all rows of one domain or provider, and how many of them bounced. */
export interface SendHistory {
  sent: number;
  bounced: number;
}

export interface ScoreInput {
  finalStatus: 'valid' | 'invalid' | 'risky' | 'pending';
  reason: string | null;
  provider: MailProvider | null;
  /** The workspace's sends to catch-all rows of this domain / of this provider. */
  domainHistory?: SendHistory | null;
  providerHistory?: SendHistory | null;
  /** The workspace's sends to rows its lists called accepted. */
  acceptedHistory?: SendHistory | null;
}

/** Prior blended with observed delivery (a beta-binomial mean: `weight` pseudo-sends at the prior). */
export function calibrated(prior: number, h: SendHistory | null | undefined, weight = PRIOR_WEIGHT): number {
  if (!h || h.sent <= 0) return prior;
  const delivered = Math.max(0, h.sent - Math.min(h.bounced, h.sent));
  return (prior * weight + 100 * delivered) / (weight + h.sent);
}

/** The score, or null while the row has no final verdict. */
export function scoreOf(r: ScoreInput): number | null {
  if (r.finalStatus === 'pending') return null;
  // The reason's prior is its row in reasons.ts.
  let prior = (r.reason ? REASON_PRIORS[r.reason] : undefined) ?? BY_STATUS[r.finalStatus];
  if (r.reason === 'catch_all') {
    if (r.provider?.kind === 'gateway') prior = GATEWAY_CATCH_ALL;
    // The domain's own history when it has any, else its provider's.
    const h = r.domainHistory?.sent ? r.domainHistory : r.providerHistory;
    return Math.round(calibrated(prior, h));
  }
  if (r.reason === 'accepted') return Math.round(calibrated(prior, r.acceptedHistory, ACCEPTED_PRIOR_WEIGHT));
  return prior;
}
