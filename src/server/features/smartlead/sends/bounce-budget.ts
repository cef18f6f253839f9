import {
  DEFAULT_BOUNCE_BUDGET,
  formatRate,
  projectedBounceRate,
  UNVERIFIED_SCORE,
} from '../../../../shared/bounce-budget';
import type { Db } from '../../../platform/db/client';
import { badRequest } from '../../../platform/http/errors';
import { latestVerdictsOf, scoresOfVerdicts } from '../../lists';

/**
 * The server's side of the bounce budget (decision 0221): a send that holds rows other than valid ones is
 * refused when its projected bounce rate is above the budget, whatever the client sent. Each address is
 * judged by its latest verdict in the workspace's lists; one never verified here (no list holds it, or
 * not with a final verdict) is an unknown risk, projected as a risky row (UNVERIFIED_SCORE): it must not
 * pass as if it were valid.
 */
export async function assertWithinBounceBudget(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  budget?: number;
}): Promise<void> {
  const budget = opts.budget ?? DEFAULT_BOUNCE_BUDGET;
  if (budget >= 100 || opts.emails.length === 0) return;
  const wanted = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  const rows = await latestVerdictsOf({ db: opts.db, workspaceId: opts.workspaceId, emails: wanted });
  const unverified = wanted.length - rows.length;
  // Valid rows alone are never held to it; anything else (risky, an invalid address put into the request
  // by hand, an address never verified here) is.
  if (unverified === 0 && rows.every((r) => r.final_status === 'valid')) return;
  const scores = await scoresOfVerdicts(
    opts.db,
    opts.workspaceId,
    rows.map((r) => ({ email: r.email, finalStatus: r.final_status, reason: r.reason, mx: r.mx })),
  );
  const projected = projectedBounceRate([...scores, ...Array<number>(unverified).fill(UNVERIFIED_SCORE)]);
  if (projected > budget) {
    const never =
      unverified > 0
        ? ` ${unverified.toLocaleString('en-US')} of them ${unverified === 1 ? 'was' : 'were'} never verified here and count${unverified === 1 ? 's' : ''} as risky: verify them first.`
        : '';
    throw badRequest(
      `These addresses project a ${formatRate(projected)} bounce rate, above your ${formatRate(budget)} budget.${never} ` +
        'Leave out the lowest-scoring addresses that are not valid, or choose a higher budget.',
      { field: 'bounceBudget' },
    );
  }
}
