import { type SQL, sql } from 'drizzle-orm';

/**
 * The workspace's bounced addresses as a relation (`email`), for a statement of the lists to join in
 * place (their step-2 write applies bounces in the same statement). `workspaceId`: an SQL expression.
 */
export const bouncedAddresses = (workspaceId: SQL) =>
  sql`(SELECT email FROM send_outcomes WHERE workspace_id = ${workspaceId} AND bounced_at IS NOT NULL)`;
