import type { MxTarget } from '../mx';
import type {
  BudgetHold,
  ProbeBudget,
  ProviderCallOptions,
  ProviderJob,
  ProviderVerdict,
  Unjudged,
} from '../types';
import { newPending, type Pending } from './pending';
import type { ProbeDemand } from './probe';

// Addresses handed back to their caller without a verdict (decision 0860): the caller pressed Stop,
// or the workspace's probe budget is spent for now. Their rows stay pending; nothing is made up.

/** One `verify` call as the provider keeps it: its options and the addresses it queued. */
export interface Call extends ProviderCallOptions<ProviderJob> {
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

/**
 * A call's address on its way: its verdict or its hand-back, whichever comes first (an accepted address
 * handed back with its refused probe may still hear the domain's answer later: that is dropped).
 */
export function pendingOf(
  job: ProviderJob,
  call: Call,
  targets: MxTarget[],
  probes: ProbeDemand,
  done: (v: ProviderVerdict | null) => void,
): Pending {
  let settled = false;
  const p = newPending(job, call.tenant, targets, (v) => {
    if (settled) return;
    settled = true;
    probes.finished(p);
    done(v);
  });
  Object.assign(p, { workspace: call.workspace, signal: call.signal });
  p.handBack = (u) => {
    if (settled) return;
    settled = true;
    probes.finished(p);
    call.onUnjudged?.(job, u);
    done(null);
  };
  call.mine.add(p);
  return p;
}

/** Unjudged to its caller; a refused catch-all probe hands back the accepted addresses that waited. */
export function giveBack(p: Pending, u: Unjudged, probes: ProbeDemand, place: (p: Pending) => void): void {
  if (p.probe && u.why === 'budget') for (const w of probes.refused(p.job.domain)) w.handBack?.(u);
  else if (p.handBack) p.handBack(u);
  else place(p);
}
