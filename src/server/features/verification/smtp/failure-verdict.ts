import { verdictOf } from '../../../../shared/reasons';
import { bannerRefusalReason } from '../classify';
import type { ProviderVerdict } from '../types';
import { type OpenFailure, type Pending, verdictFrom } from './pending';

/** The verdict of an address none of whose MX hosts could be used, from the last failure seen. */
export function failureVerdict(p: Pending, failure: OpenFailure): ProviderVerdict {
  // A 5xx banner ("554 no SMTP service here") turns everyone away: unreachable, not a policy on us.
  const base =
    failure.kind === 'refused'
      ? {
          status: 'risky' as const,
          // A banner that turns everyone away is "unreachable"; one naming a block on us, a policy.
          reason: failure.atBanner ? bannerRefusalReason(failure.reply) : ('policy_block' as const),
        }
      : failure.kind === 'retry'
        ? { status: 'risky' as const, reason: 'temp_failure' as const }
        : { status: 'risky' as const, reason: 'unreachable' as const };
  const reply = 'reply' in failure ? failure.reply : null;
  const v = verdictFrom(base, p, p.targets[0]?.exchange ?? null, reply);
  if (!reply && 'message' in failure) v.smtpMessage = failure.message;
  return v;
}

export const NO_PUBLIC_MX = 'The mail server has no public address: not contacted';

/**
 * The verdict of an address whose MX hosts all resolve to addresses we must not contact (private,
 * loopback: a misconfigured or hostile domain), or that do not resolve at all.
 */
export function noRouteVerdict(p: Pending): ProviderVerdict {
  const v = verdictFrom(verdictOf('unreachable'), p, p.job.mx[0]?.exchange ?? null, null);
  // One sentence for both: naming what an MX host resolves to, or telling a private answer from none,
  // would let a domain's MX records read our internal DNS (the verdict reaches users and shared caches).
  v.smtpMessage = NO_PUBLIC_MX;
  return v;
}
