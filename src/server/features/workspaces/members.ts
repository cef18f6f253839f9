import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../shared/workspaces';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { ownedWorkspaces } from './queries';
import { workspaceMembers, workspaces } from './schema';

// Who belongs to which workspace, in what role: the statements other features (team, account, auth)
// ask of workspace_members and workspaces. People's names are auth's: callers add them by user id.

/** The row that makes `userId` a member of `workspaceId`. */
const memberRow = (workspaceId: string, userId: string) =>
  and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));

/**
 * Every membership with its workspace's columns, as a sub-select another feature's statement joins
 * (the session lookup: one statement per request). `memberId` is the member's user id.
 */
export const membershipsWithWorkspace = (db: Db) =>
  db
    .select({
      ...getTableColumns(workspaces),
      memberId: workspaceMembers.userId,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .as('membership');

/** The workspace's members, owner first, then admins, then members, each by the day they joined. */
export const membersOf = (db: Db, workspaceId: string) =>
  db
    .select()
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(
      sql`CASE ${workspaceMembers.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`,
      asc(workspaceMembers.joinedAt),
    );

/** The member's role, or null when `userId` is not in the workspace. */
export async function memberRole(db: Db, workspaceId: string, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(memberRow(workspaceId, userId))
    .limit(1);
  return row?.role ?? null;
}

/** Whether any of these users is a member of the workspace. */
export async function anyMember(db: Db, workspaceId: string, userIds: string[]): Promise<boolean> {
  if (!userIds.length) return false;
  const [row] = await db
    .select({ id: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)))
    .limit(1);
  return Boolean(row);
}

export const ownerCount = async (db: Db, workspaceId: string) => {
  const [{ owners }] = await db
    .select({ owners: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
  return owners;
};

/** Joins a user to a workspace (a second join of the same person changes nothing). */
export const addMember = (db: Db, m: { workspaceId: string; userId: string; role: Role; joinedAt: Date }) =>
  db.insert(workspaceMembers).values(m).onConflictDoNothing();

export const deleteMember = (db: Db, workspaceId: string, userId: string) =>
  db.delete(workspaceMembers).where(memberRow(workspaceId, userId));

export const setMemberRole = (db: Db, workspaceId: string, userId: string, role: Role) =>
  db.update(workspaceMembers).set({ role }).where(memberRow(workspaceId, userId));

/** The owner hands over: one statement, so the workspace is never left with two owners or none. */
export const swapOwner = (db: Db, workspaceId: string, fromId: string, toId: string) =>
  db
    .update(workspaceMembers)
    .set({ role: sql`CASE WHEN ${workspaceMembers.userId} = ${toId} THEN 'owner' ELSE 'admin' END` })
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, [toId, fromId])),
    );

/** The plan a workspace chose (the subscription's plan while one is paid: billing). */
export const setWorkspacePlan = (db: Db, workspaceId: string, plan: string) =>
  db.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));

/** One workspace and, by cascade, all its data. */
export const deleteWorkspaceRow = (db: Db, workspaceId: string) =>
  db.delete(workspaces).where(eq(workspaces.id, workspaceId));

/** The workspaces the user owns, each with the number of its other members. */
export const ownedWorkspacesOf = (db: Db, userId: string) =>
  queryRows(db, z.object({ id: z.string(), name: z.string(), others: dbInt }), ownedWorkspaces({ userId }));
