import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { suppressions } from './schema';

// What other features' statements ask of the suppression list: a condition to put in their own
// statement (so a list of 100k rows is filtered in the database, not address by address), and counts
// over a set of addresses they name.

/** A condition: the address (a lower-cased SQL expression) is on the workspace's suppression list. */
export const isSuppressed = (p: { workspaceId: string; email: SQL }) =>
  sql`EXISTS (SELECT 1 FROM suppressions s WHERE s.workspace_id = ${p.workspaceId} AND s.email = ${p.email})`;

/** How many distinct addresses of `among` (a sub-select of lower-cased addresses) each reason holds back. */
export function suppressedByReason(db: Db, p: { workspaceId: string; among: SQL }) {
  return db
    .select({ reason: suppressions.reason, count: sql<number>`count(DISTINCT ${suppressions.email})::int` })
    .from(suppressions)
    .where(and(eq(suppressions.workspaceId, p.workspaceId), sql`${suppressions.email} IN (${p.among})`))
    .groupBy(suppressions.reason)
    .orderBy(suppressions.reason);
}
