import type { SubscriptionStatus } from '../../shared/auth';
import type { UserRow } from './users';

/**
 * Access from the trial alone. Billing extends this with the paid subscription (see billing/access.ts
 * once it exists); the rule stays here so every caller asks one function.
 */
export function trialStatus(user: Pick<UserRow, 'trialEndsAt'>, now: Date): SubscriptionStatus {
  const trialEnded = now.getTime() >= user.trialEndsAt.getTime();
  return { hasAccess: !trialEnded, trialEnded, trialEndDate: user.trialEndsAt.toISOString() };
}
