import { asc, eq, sql } from 'drizzle-orm';
import type { Workspace } from '../../../shared/workspaces';
import { sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { sessions } from '../auth/schema';
import { membership, type WorkspaceContext } from './resolve';
import { workspaceMembers, workspaces } from './schema';

/** Every workspace the user belongs to (personal first), marking the one the request acts in. */
export async function listWorkspaces(opts: {
  db: Db;
  userId: string;
  current: WorkspaceContext;
}): Promise<Workspace[]> {
  const rows = await opts.db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, opts.userId))
    .orderBy(sql`${workspaces.id} = ${opts.userId} DESC`, asc(workspaceMembers.joinedAt));
  return rows.map((r) => ({
    ...r,
    personal: r.id === opts.userId,
    current: r.id === opts.current.id,
  }));
}

/** Makes a session work in another of the user's workspaces; not a member → 404, as for any row. */
export async function switchWorkspace(opts: {
  db: Db;
  userId: string;
  sessionToken: string;
  workspaceId: string;
}): Promise<WorkspaceContext> {
  const target = await membership(opts.db, opts.userId, opts.workspaceId);
  if (!target) throw notFound('Workspace not found');
  await opts.db
    .update(sessions)
    .set({ workspaceId: target.id })
    .where(eq(sessions.idHash, sha256(opts.sessionToken)));
  return target;
}
