import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { usageCounters } from './schema';

// A workspace's counters as its data export reads them, and what retention deletes of them.

/** One page of the workspace's usage counters by month and kind. */
export const usageExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      month: sql<string>`${usageCounters.month}::text`,
      kind: usageCounters.kind,
      count: usageCounters.count,
      units: usageCounters.units,
    })
    .from(usageCounters)
    .where(eq(usageCounters.workspaceId, workspaceId))
    .orderBy(asc(usageCounters.month), asc(usageCounters.kind))
    .limit(limit)
    .offset(offset);

/** Every workspace's counters of months before `first` (a date, YYYY-MM-DD); answers how many went. */
export async function deleteUsageBefore(db: Db, first: string) {
  const gone = await db
    .delete(usageCounters)
    .where(lt(usageCounters.month, first))
    .returning({ month: usageCounters.month });
  return gone.length;
}

export const eraseWorkspaceUsage = (db: Db, workspaceId: string) =>
  db.delete(usageCounters).where(eq(usageCounters.workspaceId, workspaceId));
