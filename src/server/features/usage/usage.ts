import { USAGE_KINDS, type UsageResponse } from '../../../shared/usage';
import type { Db } from '../../platform/db/client';
import { planState } from '../billing';
import type { BudgetConfig } from '../probe-budget';
import { probeBudgetFigures } from '../probe-budget';
import type { WorkspacePlan } from '../workspaces';
import { countersBetween } from './queries';
import { monthOf, nextMonthStart } from './quota';

/** This month's counters against the plan's limits, and the last six months for the chart. */
export async function usageSummary(opts: {
  db: Db;
  config: BudgetConfig;
  workspace: WorkspacePlan;
  now: Date;
}): Promise<UsageResponse> {
  const { db, workspace, now } = opts;
  const plan = await planState(opts);
  const months = Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5 + i, 1));
    return monthOf(d);
  });
  // The builder's row type is the counters' own (integers, units read as a number): nothing to convert.
  const rows = await countersBetween(db, { workspaceId: workspace.id, from: months[0], to: months[5] });
  const find = (month: string, kind: string) =>
    rows.find((r) => r.month.slice(0, 10) === month && r.kind === kind);
  const current = months[5];
  return {
    month: current.slice(0, 7),
    resetsAt: nextMonthStart(now).toISOString(),
    plan,
    probes: await probeBudgetFigures({ db, config: opts.config, workspaceId: workspace.id, now }),
    counters: USAGE_KINDS.map((kind) => ({
      kind,
      used: find(current, kind)?.count ?? 0,
      units: find(current, kind)?.units ?? 0,
      limit: plan.limits[kind],
    })),
    history: months.map((m) => ({
      month: m.slice(0, 7),
      verification: find(m, 'verification')?.count ?? 0,
      scrape: find(m, 'scrape')?.count ?? 0,
      find: find(m, 'find')?.count ?? 0,
    })),
  };
}
