import { sql } from 'drizzle-orm';

// What the account asks of the database beyond its own tables' CRUD: who shares a workspace with whom
// (workspace_members), and what deleting an account removes from other tables in one transaction.

/** A condition: the viewer is the user, or shares a workspace with them. */
export const sameOrTeammate = (p: { viewerId: string; userId: string }) =>
  sql`(${p.userId}::uuid = ${p.viewerId}::uuid OR EXISTS (
          SELECT 1 FROM workspace_members a JOIN workspace_members b ON a.workspace_id = b.workspace_id
          WHERE a.user_id = ${p.viewerId}::uuid AND b.user_id = ${p.userId}::uuid))`;

/** The workspaces the user owns, each with the number of its other members. */
export const ownedWorkspaces = (p: { userId: string }) => sql`
      SELECT w.id, w.name,
             (SELECT count(*)::int FROM workspace_members o
               WHERE o.workspace_id = w.id AND o.user_id <> ${p.userId}) AS others
      FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
      WHERE m.user_id = ${p.userId} AND m.role = 'owner'`;

/** Others' activity logs keep what happened to the person (member changes), not who it was. */
export const forgetInActivityLogs = (p: { userId: string }) => sql`
      UPDATE activity_log SET detail = '{}'::jsonb
      WHERE (target = ${p.userId} OR user_id = ${p.userId}) AND action LIKE 'members.%'`;

/** Invitations addressed to the person, or accepted by them. */
export const deleteInvitationsOf = (p: { userId: string; email: string }) => sql`
      DELETE FROM workspace_invitations
      WHERE lower(email) = lower(${p.email}) OR accepted_by = ${p.userId}`;

/** Pending invitations the person sent, in any workspace: withdrawn with the account (their inviter is gone). */
export const withdrawInvitationsSentBy = (p: { userId: string; now: Date }) => sql`
      UPDATE workspace_invitations SET revoked_at = ${p.now.toISOString()}::timestamptz
      WHERE invited_by = ${p.userId} AND accepted_at IS NULL AND revoked_at IS NULL`;

/** One workspace and, by cascade, all its data. */
export const deleteWorkspace = (p: { workspaceId: string }) =>
  sql`DELETE FROM workspaces WHERE id = ${p.workspaceId}`;

/** The sign-in counters of a username (keyed by name, not user id: auth/login-limit.ts). */
export const deleteLoginCounters = (p: { username: string }) => sql`
      DELETE FROM login_throttle
      WHERE key = ${`u:${p.username}`} OR left(key, ${p.username.length + 3}) = ${`p:${p.username}|`}`;

/** The account and what cascades from it (sessions, tokens, memberships, avatar, sign-in history). */
export const deleteUser = (p: { userId: string }) => sql`DELETE FROM users WHERE id = ${p.userId}`;
