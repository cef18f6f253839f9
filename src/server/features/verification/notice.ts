import { budgetMessage } from '../../../shared/probe-budget';
import type { OurSideNotice } from '../../../shared/verification';
import type { BudgetHold, Verifier } from './types';

/**
 * The engine's health as a run's notice (a list's or a find's), null while our side works: why its
 * addresses wait on us (the DNS resolver, the way to mail servers, the verifier API) and when the
 * engine tries again. `doing` names the run in its words ("Verification", "Finding").
 */
export function noticeOf(verifier: Pick<Verifier, 'health'>, doing: string): OurSideNotice | null {
  const h = verifier.health();
  if (h.ok) return null;
  return {
    kind: h.kind ?? 'smtp',
    message: h.message ?? `${doing} is waiting on our side; it will resume by itself`,
    // The engine's own times are real time (its timers), like the health it reports.
    nextTryAt: new Date(h.nextTryAt ?? Date.now() + 30_000).toISOString(),
  };
}

/** A workspace's spent probe budget as a run's notice: what the limit is and when the run resumes. */
export function budgetNotice(hold: BudgetHold): OurSideNotice {
  return { kind: 'budget', message: budgetMessage(hold), nextTryAt: new Date(hold.resumesAt).toISOString() };
}
