import { sql } from 'drizzle-orm';

// What workspaces asks of its tables beyond one table at a time: who shares a workspace with whom, and
// which workspaces a person owns (account deletion).

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
