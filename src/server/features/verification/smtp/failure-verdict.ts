import { verdictOf } from '../../../../shared/reasons';
import { bannerRefusalReason } from '../classify';
import type { MxTarget } from '../mx';
import type { ProviderVerdict } from '../types';
import { type OpenFailure, type Pending, verdictFrom } from './host';

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

/**
 * The verdict of an address whose MX hosts all resolve to addresses we must not contact (private,
 * loopback: a misconfigured or hostile domain), or that do not resolve at all.
 */
export function noRouteVerdict(p: Pending, blocked: MxTarget[]): ProviderVerdict {
  const v = verdictFrom(verdictOf('unreachable'), p, p.job.mx[0]?.exchange ?? null, null);
  v.smtpMessage =
    blocked.length > 0
      ? `${blocked[0].exchange} resolves to ${blocked[0].ip}, which is not a public address: not contacted`
      : 'MX host does not resolve';
  return v;
}
