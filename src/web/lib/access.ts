import { useAuth, useSubscriptionStatus } from './auth';

/**
 * Whether starting new paid work (verification, scraping, sending) is allowed: the trial runs or a plan
 * is active. Unknown (still loading, or the status call failed) counts as allowed; the server decides.
 */
export function useHasAccess(): boolean {
  const { user } = useAuth();
  const status = useSubscriptionStatus(Boolean(user));
  return status.data?.hasAccess ?? true;
}
