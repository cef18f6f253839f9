import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { ProbeBudgetUsage } from '../../../shared/probe-budget';
import type { Db } from '../../platform/db/client';
import { type Allowance, allowanceOf, type BudgetConfig } from './allowance';
import { probeBudgetUsage } from './schema';
import { windowsAt } from './windows';

/** Probes a workspace spent this hour and today (UTC), against its allowance: the usage page and API v1. */
export async function probeBudgetFigures(o: {
  db: Db;
  config: BudgetConfig;
  workspaceId: string;
  now: Date;
}): Promise<ProbeBudgetUsage> {
  const a = await allowanceOf(o);
  const w = windowsAt(o.now);
  const rows = await o.db
    .select({ scope: probeBudgetUsage.scope, probes: probeBudgetUsage.probes })
    .from(probeBudgetUsage)
    .where(
      and(
        eq(probeBudgetUsage.workspaceId, o.workspaceId),
        or(
          and(eq(probeBudgetUsage.windowStart, w.hour), eq(probeBudgetUsage.scope, 'hour')),
          and(eq(probeBudgetUsage.windowStart, w.day), eq(probeBudgetUsage.scope, 'day')),
        ),
      ),
    );
  const spent = (scope: string) => rows.find((r) => r.scope === scope)?.probes ?? 0;
  const window = (used: number, allowance: number, ends: number) => ({
    spent: used,
    allowance,
    left: Math.max(0, allowance - used),
    resetsAt: new Date(ends).toISOString(),
  });
  return {
    tier: a.tier,
    hour: window(spent('hour'), a.hour, w.hourEnds),
    day: window(spent('day'), a.day, w.dayEnds),
    perDomainHour: a.domainHour,
  };
}

/**
 * The fleet's figures for /metrics, by allowance tier (trial or plan), never by workspace: workspace
 * ids would make one series per customer (unbounded) and show who probes how much to whoever scrapes.
 */
export async function probeBudgetByTier(o: { db: Db; config: BudgetConfig; now: Date }) {
  const w = windowsAt(o.now);
  const rows = await o.db
    .select({
      workspaceId: probeBudgetUsage.workspaceId,
      scope: probeBudgetUsage.scope,
      probes: probeBudgetUsage.probes,
    })
    .from(probeBudgetUsage)
    .where(
      and(
        gte(probeBudgetUsage.windowStart, w.day),
        inArray(probeBudgetUsage.scope, ['hour', 'day']),
        or(eq(probeBudgetUsage.scope, 'day'), eq(probeBudgetUsage.windowStart, w.hour)),
      ),
    );
  const out = new Map<Allowance['tier'], { hour: number; day: number; held: number }>();
  const byWorkspace = new Map<string, { hour: number; day: number }>();
  for (const r of rows) {
    const s = byWorkspace.get(r.workspaceId) ?? { hour: 0, day: 0 };
    s[r.scope as 'hour' | 'day'] += r.probes;
    byWorkspace.set(r.workspaceId, s);
  }
  for (const [workspaceId, s] of byWorkspace) {
    const a = await allowanceOf({ ...o, workspaceId });
    const t = out.get(a.tier) ?? { hour: 0, day: 0, held: 0 };
    t.hour += s.hour;
    t.day += s.day;
    if (s.hour >= a.hour || s.day >= a.day) t.held++;
    out.set(a.tier, t);
  }
  return [...out].map(([tier, t]) => ({ tier, ...t }));
}
