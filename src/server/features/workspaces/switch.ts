import { asc, eq, sql } from 'drizzle-orm';
import type { Workspace } from '../../../shared/workspaces';
import type { Db } from '../../platform/db/client';
import type { WorkspaceContext } from './resolve';
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
