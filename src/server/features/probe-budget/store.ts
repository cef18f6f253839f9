import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { BudgetHold, ProbeBudget } from '../verification';
import { type Allowance, allowanceOf, type BudgetConfig } from './allowance';
import { lockWorkspaceBudget } from './queries';
import { probeBudgetUsage } from './schema';
import { domainScope, windowsAt } from './windows';

/** How long a workspace's allowance (its plan, the operator's override) is trusted before read again. */
const ALLOWANCE_TTL_MS = 60_000;
/** Windows older than this are deleted (the day's figure needs the last 24 hours only). */
const KEEP_MS = 2 * 24 * 3_600_000;

/**
 * The probe budget on the database (decision 0860), for the prober's one gate: each write of a
 * session's recipients spends its probes here, exactly, under a lock per workspace, so every process of
 * a fleet (and a restart) counts the same rows. What is known to be spent is remembered until its
 * window turns, so the prober stops queueing a workspace's addresses without asking the database.
 */
export class DbProbeBudget implements ProbeBudget {
  private readonly holds = new Map<string, BudgetHold>();
  private readonly allowances = new Map<string, { allowance: Allowance; at: number }>();
  private lastSweep = 0;

  constructor(private readonly o: { db: Db; config: BudgetConfig; clock: Clock }) {}

  held(workspace: string, domain: string): BudgetHold | null {
    const now = this.o.clock().getTime();
    for (const key of [workspace, `${workspace}\n${domain}`]) {
      const h = this.holds.get(key);
      if (h && h.resumesAt > now) return h;
      if (h) this.holds.delete(key);
    }
    return null;
  }

  async allowance(workspaceId: string, now: Date): Promise<Allowance> {
    const known = this.allowances.get(workspaceId);
    if (known && now.getTime() - known.at < ALLOWANCE_TTL_MS) return known.allowance;
    const allowance = await allowanceOf({ db: this.o.db, config: this.o.config, workspaceId, now });
    this.allowances.set(workspaceId, { allowance, at: now.getTime() });
    return allowance;
  }

  async spend(o: { workspace: string; domain: string; n: number }) {
    const now = this.o.clock();
    const a = await this.allowance(o.workspace, now);
    const w = windowsAt(now);
    await this.sweep(w.hour);
    const scope = domainScope(o.domain);
    const { granted, room } = await this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.execute(lockWorkspaceBudget({ workspaceId: o.workspace }));
      const rows = await db
        .select({ scope: probeBudgetUsage.scope, probes: probeBudgetUsage.probes })
        .from(probeBudgetUsage)
        .where(
          and(
            eq(probeBudgetUsage.workspaceId, o.workspace),
            or(
              and(eq(probeBudgetUsage.windowStart, w.hour), inArray(probeBudgetUsage.scope, ['hour', scope])),
              and(eq(probeBudgetUsage.windowStart, w.day), eq(probeBudgetUsage.scope, 'day')),
            ),
          ),
        );
      const used = (s: string) => rows.find((r) => r.scope === s)?.probes ?? 0;
      const room = {
        day: a.day - used('day'),
        hour: a.hour - used('hour'),
        domain: a.domainHour - used(scope),
      };
      const granted = Math.max(0, Math.min(o.n, room.day, room.hour, room.domain));
      if (granted > 0) {
        await db
          .insert(probeBudgetUsage)
          .values([
            { workspaceId: o.workspace, windowStart: w.hour, scope: 'hour', probes: granted },
            { workspaceId: o.workspace, windowStart: w.day, scope: 'day', probes: granted },
            { workspaceId: o.workspace, windowStart: w.hour, scope, probes: granted },
          ])
          .onConflictDoUpdate({
            target: [probeBudgetUsage.workspaceId, probeBudgetUsage.windowStart, probeBudgetUsage.scope],
            set: { probes: sql`${probeBudgetUsage.probes} + excluded.probes` },
          });
      }
      return { granted, room };
    });
    // The limit that is spent now (the day's first: it turns last), remembered until it turns.
    let hold: BudgetHold | null = null;
    if (room.day - granted <= 0) hold = { limit: 'day', allowance: a.day, resumesAt: w.dayEnds };
    else if (room.hour - granted <= 0) hold = { limit: 'hour', allowance: a.hour, resumesAt: w.hourEnds };
    else if (room.domain - granted <= 0)
      hold = { limit: 'domain', allowance: a.domainHour, resumesAt: w.hourEnds, domain: o.domain };
    if (hold) this.holds.set(hold.limit === 'domain' ? `${o.workspace}\n${o.domain}` : o.workspace, hold);
    return { granted, hold: granted < o.n ? hold : null };
  }

  /** Once an hour per process: windows nobody reads any more are deleted. */
  private async sweep(hour: Date): Promise<void> {
    if (hour.getTime() === this.lastSweep) return;
    this.lastSweep = hour.getTime();
    await this.o.db
      .delete(probeBudgetUsage)
      .where(lt(probeBudgetUsage.windowStart, new Date(hour.getTime() - KEEP_MS)));
  }
}
