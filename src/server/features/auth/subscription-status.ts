import type { SubscriptionStatus } from '../../../shared/auth';

/**
 * Access from the trial alone (the workspace's trial; a user row carries the same fields for its
 * personal workspace). Billing extends this with the paid subscription (see billing/access.ts
 * once it exists); the rule stays here so every caller asks one function.
 */
export function trialStatus(owner: { trialEndsAt: Date }, now: Date): SubscriptionStatus {
  const trialEnded = now.getTime() >= owner.trialEndsAt.getTime();
  return { hasAccess: !trialEnded, trialEnded, trialEndDate: owner.trialEndsAt.toISOString() };
}
