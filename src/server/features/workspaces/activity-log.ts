import { and, asc, count, desc, eq, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { activityLog, workspaceMembers, workspaces } from './schema';

// Reading and erasing workspaces' logs and rows for other features: the team's log page, an account's
// deletion, a data export and retention. Who acted is a user id: callers add the name (auth).

/** A page of the workspace's log, newest first, with the number of entries in all; `actions` narrows. */
export async function activityEntries(
  db: Db,
  p: { workspaceId: string; actions?: string[]; limit: number; offset: number },
) {
  const where: SQL | undefined = p.actions
    ? and(eq(activityLog.workspaceId, p.workspaceId), inArray(activityLog.action, p.actions))
    : eq(activityLog.workspaceId, p.workspaceId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return { rows, total };
}

/** Others' logs keep what happened to the person (member changes), not who it was. */
export const forgetPersonInActivity = (db: Db, userId: string) =>
  db
    .update(activityLog)
    .set({ detail: sql`'{}'::jsonb` })
    .where(
      and(
        or(eq(activityLog.target, userId), eq(activityLog.userId, userId)),
        like(activityLog.action, 'members.%'),
      ),
    );

/** Entries older than `cutoff`, in every workspace; answers how many went. */
export async function deleteActivityBefore(db: Db, cutoff: Date) {
  const gone = await db
    .delete(activityLog)
    .where(lt(activityLog.createdAt, cutoff))
    .returning({ id: activityLog.id });
  return gone.length;
}

/** One page of the workspace's log for its data export, oldest first. */
export const activityExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      createdAt: activityLog.createdAt,
      userId: activityLog.userId,
      action: activityLog.action,
      target: activityLog.target,
      detail: activityLog.detail,
    })
    .from(activityLog)
    .where(eq(activityLog.workspaceId, workspaceId))
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id))
    .limit(limit)
    .offset(offset);

/** The workspace's row as one JSON object (its data export), or null. */
export async function workspaceExportJson(db: Db, workspaceId: string): Promise<unknown> {
  const [row] = await db
    .select({ row: sql`to_jsonb(${workspaces})` })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.row ?? null;
}

/** The workspace's members and their roles (its data export). */
export const memberRolesOf = (db: Db, workspaceId: string) =>
  db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));

/** The workspace's log, erased with its data (retention). */
export const deleteWorkspaceActivity = (db: Db, workspaceId: string) =>
  db.delete(activityLog).where(eq(activityLog.workspaceId, workspaceId));
