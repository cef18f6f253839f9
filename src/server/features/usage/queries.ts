import { sql } from 'drizzle-orm';

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

/** The month's count of `kind`. */
export const monthCount = (p: { workspaceId: string; month: string; kind: string }) =>
  sql`SELECT count FROM usage_counters
      WHERE workspace_id = ${p.workspaceId} AND month = ${p.month}::date AND kind = ${p.kind}`;

/** Gives back one use (and its units) of `kind` in `month`, never below zero. */
export const uncountUse = (p: { workspaceId: string; month: string; kind: string; units: number }) => sql`
    UPDATE usage_counters SET count = greatest(0, count - 1), units = greatest(0, units - ${p.units})
    WHERE workspace_id = ${p.workspaceId} AND month = ${p.month}::date AND kind = ${p.kind}`;

/** Every counter of the workspace from month `from` to month `to`, both included. */
export const countersBetween = (p: { workspaceId: string; from: string; to: string }) =>
  sql`SELECT month, kind, count, units FROM usage_counters
      WHERE workspace_id = ${p.workspaceId} AND month >= ${p.from}::date AND month <= ${p.to}::date`;
