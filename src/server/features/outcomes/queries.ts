import { type SQL, sql } from 'drizzle-orm';

/**
 * The workspace's bounced addresses as a relation (`email`), for a statement of the lists to join in
 * place (their step-2 write applies bounces in the same statement). `workspaceId`: an SQL expression.
 */
export const bouncedAddresses = (workspaceId: SQL) =>
  sql`(SELECT email FROM send_outcomes WHERE workspace_id = ${workspaceId} AND bounced_at IS NOT NULL)`;

/**
 * The workspace's addresses its campaigns sent to, as a relation (`email`, `bounced`), for another
 * feature's statement to join (the finder's bounce rates per status and score band).
 */
export const sentAddresses = (workspaceId: SQL) =>
  sql`(SELECT email, bounced_at IS NOT NULL AS bounced FROM send_outcomes
       WHERE workspace_id = ${workspaceId} AND sent_at IS NOT NULL)`;
