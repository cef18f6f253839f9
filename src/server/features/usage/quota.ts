import { PLAN_TABLE } from '../../../shared/plans';
import { type PlanState, USAGE_LABELS, type UsageKind, upgradeFor } from '../../../shared/usage';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { AppError } from '../../platform/http/errors';
import { type PriceConfig, planState } from '../billing';
import type { WorkspacePlan } from '../workspaces';
import { countUse, monthCount, uncountUse } from './queries';

/** First day of the calendar month (UTC) of `now`, as the DATE the counters are keyed by. */
export function monthOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The first instant of the next month (UTC): when this month's counters stop applying. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export class QuotaExceededError extends AppError {}

/**
 * Counts one unit of paid work (a list verification run or a scrape job) against this month's quota,
 * or refuses it with a 402 that carries the figures and the upgrade path. One statement: the increment
 * happens only while the count is under the limit, so two concurrent starts cannot both take the last
 * unit. Call it before any work is queued; call releaseQuota if the work then does not start.
 */
export async function consumeQuota(opts: {
  db: Db;
  config: PriceConfig;
  workspace: WorkspacePlan;
  kind: UsageKind;
  now: Date;
  /** Addresses or profiles behind this unit (reported on the usage screen, not limited). */
  units?: number;
}): Promise<void> {
  const { db, workspace, kind, now } = opts;
  const state = await planState({ db, config: opts.config, workspace, now });
  const limit = state.limits[kind];
  const month = monthOf(now);
  const units = Math.max(0, Math.floor(opts.units ?? 0));
  // Only whether a row came back matters: the counter was under the limit and is counted.
  const rows = await query<unknown>(db, countUse({ workspaceId: workspace.id, month, kind, units, limit }));
  if (rows.length > 0) return;
  throw quotaError({ state, kind, now });
}

/**
 * The same refusal as consumeQuota, without counting: for requests that must not store anything when
 * the quota is already used up (a list upload through the API is checked before its file is read).
 */
export async function assertQuotaLeft(opts: {
  db: Db;
  config: PriceConfig;
  workspace: WorkspacePlan;
  kind: UsageKind;
  now: Date;
}): Promise<void> {
  const state = await planState(opts);
  const limit = state.limits[opts.kind];
  if (limit === null) return;
  const used = await monthCount(opts.db, {
    workspaceId: opts.workspace.id,
    month: monthOf(opts.now),
    kind: opts.kind,
  });
  if (used >= limit) throw quotaError({ state, kind: opts.kind, now: opts.now });
}

function quotaError(opts: { state: PlanState; kind: UsageKind; now: Date }): QuotaExceededError {
  const { state, kind, now } = opts;
  const limit = state.limits[kind];
  const used = limit ?? 0;
  const upgrade = upgradeFor(state.plan, 'quota');
  const label = USAGE_LABELS[kind];
  return new QuotaExceededError(
    'payment_required',
    `You have used all ${limit} ${label.many} of the ${state.planName} plan this month. ` +
      `Upgrade to ${PLAN_TABLE[upgrade].name} for unlimited ${label.many}, or wait until ${nextMonthStart(now).toISOString().slice(0, 10)}. ` +
      'Nothing was started and your existing results stay available.',
    {
      kind,
      used,
      limit,
      plan: state.plan,
      resetsAt: nextMonthStart(now).toISOString(),
      upgradePlan: upgrade,
      upgradeUrl: `/subscribe?plan=${upgrade}`,
    },
  );
}

/** Gives back a unit taken by consumeQuota for work that did not start after all. */
export async function releaseQuota(opts: {
  db: Db;
  workspaceId: string;
  kind: UsageKind;
  now: Date;
  units?: number;
}): Promise<void> {
  await uncountUse(opts.db, {
    workspaceId: opts.workspaceId,
    month: monthOf(opts.now),
    kind: opts.kind,
    units: Math.floor(opts.units ?? 0),
  });
}

/** What is left of this month's quota per kind (null: no limit), and when the counters start again. */
export async function quotaLeft(opts: { db: Db; config: PriceConfig; workspace: WorkspacePlan; now: Date }) {
  const state = await planState(opts);
  const left = async (kind: UsageKind) => {
    const limit = state.limits[kind];
    if (limit === null) return null;
    const used = await monthCount(opts.db, {
      workspaceId: opts.workspace.id,
      month: monthOf(opts.now),
      kind,
    });
    return Math.max(0, limit - used);
  };
  return {
    verification: await left('verification'),
    find: await left('find'),
    resetsAt: nextMonthStart(opts.now).toISOString(),
  };
}
