import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { usageCounters } from './schema';

// What usage asks of the database: one counter row per workspace, month and kind (usage_counters).

/**
 * Counts one use of `kind` in `month` (and its units), unless the month's count has reached `limit`
 * (null: no limit). Answers the new count, or no row when the limit refused it: one statement, so
 * concurrent requests can never count past the limit.
 */
export const countUse = (p: {
  workspaceId: string;
  month: string;
  kind: string;
  units: number;
  limit: number | null;
}) => {
  const guard = p.limit === null ? sql`true` : sql`usage_counters.count < ${p.limit}`;
  return sql`INSERT INTO usage_counters (workspace_id, month, kind, count, units)
      SELECT ${p.workspaceId}, ${p.month}::date, ${p.kind}, 1, ${p.units} WHERE ${p.limit === null ? sql`true` : sql`${p.limit} > 0`}
      ON CONFLICT (workspace_id, month, kind) DO UPDATE
        SET count = usage_counters.count + 1, units = usage_counters.units + EXCLUDED.units
        WHERE ${guard}
      RETURNING count`;
};

/** The month's count of `kind` (0: none yet). */
export async function monthCount(db: Db, p: { workspaceId: string; month: string; kind: string }) {
  const [row] = await db.select({ count: usageCounters.count }).from(usageCounters).where(counterOf(p));
  return row?.count ?? 0;
}

/** Gives back one use (and its units) of `kind` in `month`, never below zero. */
export async function uncountUse(
  db: Db,
  p: { workspaceId: string; month: string; kind: string; units: number },
): Promise<void> {
  await db
    .update(usageCounters)
    .set({
      count: sql`greatest(0, ${usageCounters.count} - 1)`,
      units: sql`greatest(0, ${usageCounters.units} - ${p.units})`,
    })
    .where(counterOf(p));
}

/** Every counter of the workspace from month `from` to month `to`, both included (months as 'YYYY-MM-DD'). */
export function countersBetween(db: Db, p: { workspaceId: string; from: string; to: string }) {
  return db
    .select({
      month: usageCounters.month,
      kind: usageCounters.kind,
      count: usageCounters.count,
      units: usageCounters.units,
    })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.workspaceId, p.workspaceId),
        gte(usageCounters.month, p.from),
        lte(usageCounters.month, p.to),
      ),
    );
}

const counterOf = (p: { workspaceId: string; month: string; kind: string }) =>
  and(
    eq(usageCounters.workspaceId, p.workspaceId),
    eq(usageCounters.month, p.month),
    eq(usageCounters.kind, p.kind),
  );

export interface CreditTally {
  charged: number;
  unknown: number;
  syntax: number;
  duplicate: number;
  reused: number;
}

/**
 * Settles a run's credits to `tally` (its rows ended so far) and moves the month's charged credits
 * (usage_counters.units) by what changed, in one statement. Figures only grow (two lanes settling at
 * once: the later, larger tally wins and the counter moves once). `final` closes the run: the rows
 * it did not end are released as unfinished; a settled run never moves again.
 */
export const settleRun = (p: {
  uploadId: string;
  runId: number;
  tally: CreditTally;
  final: boolean;
  now: Date;
}) => {
  const t = p.tally;
  const grown = {
    charged: sql`greatest(r.charged, ${t.charged})`,
    unknown: sql`greatest(r.released_unknown, ${t.unknown})`,
    syntax: sql`greatest(r.released_syntax, ${t.syntax})`,
    duplicate: sql`greatest(r.released_duplicate, ${t.duplicate})`,
    reused: sql`greatest(r.released_reused, ${t.reused})`,
  };
  const unfinished = p.final
    ? sql`greatest(0, r.reserved - ${grown.charged} - ${grown.unknown} - ${grown.syntax} - ${grown.duplicate} - ${grown.reused})`
    : sql`0`;
  return sql`
    WITH old AS (
      SELECT id, charged AS was FROM credit_runs
      WHERE upload_id = ${p.uploadId} AND run_id = ${p.runId} AND settled_at IS NULL FOR UPDATE
    ), upd AS (
      UPDATE credit_runs r SET charged = ${grown.charged}, released_unknown = ${grown.unknown},
        released_syntax = ${grown.syntax}, released_duplicate = ${grown.duplicate},
        released_reused = ${grown.reused}, released_unfinished = ${unfinished},
        settled_at = ${p.final ? sql`${p.now}::timestamptz` : sql`NULL`}
      FROM old WHERE r.id = old.id
      RETURNING r.workspace_id, r.month, r.charged - old.was AS delta
    )
    INSERT INTO usage_counters (workspace_id, month, kind, count, units)
    SELECT workspace_id, month, 'verification', 0, delta FROM upd WHERE delta <> 0
    ON CONFLICT (workspace_id, month, kind) DO UPDATE SET units = usage_counters.units + EXCLUDED.units
    RETURNING units`;
};
