import type { BudgetHold, ProbeBudget, ProviderCallOptions } from '../types';
import type { Pending } from './host';

// Addresses handed back to their caller without a verdict (decision 0860): the caller pressed Stop,
// or the workspace's probe budget is spent for now. Their rows stay pending; nothing is made up.

/** One `verify` call as the prober keeps it: its options and the addresses it queued. */
export interface Call extends ProviderCallOptions {
  tenant: string;
  mine: Set<Pending>;
}

/** True when `p` went back unjudged instead of being queued: its caller stopped, or its budget is spent. */
export function setAside(p: Pending, budget: ProbeBudget | undefined): boolean {
  if (!p.handBack) return false;
  if (p.signal?.aborted) {
    p.handBack({ why: 'stopped' });
    return true;
  }
  const hold = p.workspace !== undefined && !p.probe ? budget?.held(p.workspace, p.job.domain) : null;
  if (!hold) return false;
  p.handBack({ why: 'budget', hold });
  return true;
}

/** The queued addresses a budget hold covers: the workspace's (at the domain, for its ceiling). */
export const spentBy =
  (workspace: string, hold: BudgetHold) =>
  (p: Pending): boolean =>
    p.workspace === workspace && (hold.limit !== 'domain' || p.job.domain === hold.domain);
