import { sql } from 'drizzle-orm';

// The probe budget's raw statements (decision 0730: what the builder cannot write plainly).

/** Holds the workspace's budget for this transaction: every process of a fleet spends one at a time. */
export const lockWorkspaceBudget = (p: { workspaceId: string }) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`probe-budget:${p.workspaceId}`}))`;
