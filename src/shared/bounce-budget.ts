// The bounce budget at send time (decision 0221): risky rows go to Smartlead only while the send's
// projected bounce rate stays within the rate the user picks. A row's projected bounce is 100 − its
// score (the score is the estimated chance of delivery). Used by the send screen to show the projection
// and by the server to refuse a send above it.

import { scoreOf } from './score';

/**
 * The score an address never verified in the workspace is projected at. Nothing is known of it, which is
 * no reason to trust it: it counts as a risky row whose reason is unknown (score.ts's risky prior, 60: a
 * 40% projected bounce), so a send holding one is held to the budget like one holding risky rows.
 */
export const UNVERIFIED_SCORE = scoreOf({ finalStatus: 'risky', reason: null, provider: null }) ?? 0;

/** Budgets the send screen offers, in percent; 100 is "no limit". */
export const BOUNCE_BUDGETS = [1, 2, 3, 5, 10, 100] as const;
export const DEFAULT_BOUNCE_BUDGET = 2;

/** Expected bounces among these rows, in percent of them (null scores are not projected). */
export function projectedBounceRate(scores: (number | null | undefined)[]): number {
  const known = scores.filter((s): s is number => typeof s === 'number');
  if (known.length === 0) return 0;
  return known.reduce((sum, s) => sum + (100 - s), 0) / known.length;
}

/** One decimal, as the screen and the error say it. */
export const formatRate = (pct: number) => `${(Math.round(pct * 10) / 10).toLocaleString('en-US')}%`;

/**
 * The risky rows that fit beside the chosen valid ones, highest score first, while the projection of the
 * whole send stays within `budgetPct`. (Adding rows in falling score order, the first that does not fit
 * means no later one does.)
 */
export function riskyWithinBudget<T extends { score: number | null }>(
  validScores: (number | null)[],
  risky: T[],
  budgetPct: number,
): { kept: T[]; held: T[]; projected: number } {
  const known = validScores.filter((s): s is number => typeof s === 'number');
  let bounces = known.reduce((sum, s) => sum + (100 - s), 0);
  let n = known.length;
  const sorted = [...risky].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const kept: T[] = [];
  let i = 0;
  for (; i < sorted.length; i++) {
    const s = sorted[i].score ?? 0;
    if ((bounces + 100 - s) / (n + 1) > budgetPct) break;
    bounces += 100 - s;
    n++;
    kept.push(sorted[i]);
  }
  return { kept, held: sorted.slice(i), projected: n ? bounces / n : 0 };
}
