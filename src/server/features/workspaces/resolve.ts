import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/workspaces';
import type { Db } from '../../platform/db/client';
import { workspaceMembers, workspaces } from './schema';

/** The workspace a request acts in, and the signed-in user's role there. */
export interface WorkspaceContext {
  id: string;
  name: string;
  role: Role;
  plan: string;
  trialEndsAt: Date;
  /** Created with the account: its id is the account's id. */
  personal: boolean;
}

/** What plan checks read of a workspace (the request's context or a row loaded by a job). */
export type WorkspacePlan = Pick<WorkspaceContext, 'id' | 'plan' | 'trialEndsAt'>;

type WorkspaceRow = typeof workspaces.$inferSelect;
/** What a personal workspace is made from: the account's id, name, plan and trial (auth's user row). */
type AccountOwner = { id: string; username: string; plan: string; trialEndsAt: Date; createdAt: Date };

export const toContext = (w: WorkspaceRow, role: Role, userId: string): WorkspaceContext => ({
  id: w.id,
  name: w.name,
  role,
  plan: w.plan,
  trialEndsAt: w.trialEndsAt,
  personal: w.id === userId,
});

/** Creates the account's personal workspace (same id as the account), the user as its owner. */
export async function createPersonalWorkspace(db: Db, user: AccountOwner): Promise<WorkspaceContext> {
  const [w] = await db
    .insert(workspaces)
    .values({
      id: user.id,
      name: user.username,
      plan: user.plan,
      trialEndsAt: user.trialEndsAt,
      createdAt: user.createdAt,
    })
    .onConflictDoUpdate({ target: workspaces.id, set: { name: sql`${workspaces.name}` } })
    .returning();
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: w.id, userId: user.id, role: 'owner' })
    .onConflictDoNothing();
  return toContext(w, 'owner', user.id);
}

/**
 * The workspace a user works in when the preferred one is not (or no longer) theirs: the personal
 * one, else the oldest membership; an account left with none gets a fresh personal workspace.
 */
export async function fallbackWorkspace(db: Db, user: AccountOwner): Promise<WorkspaceContext> {
  const rows = await db
    .select({ w: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, user.id))
    .orderBy(sql`${workspaces.id} = ${user.id} DESC`, asc(workspaceMembers.joinedAt))
    .limit(1);
  if (rows[0]) return toContext(rows[0].w, rows[0].role, user.id);
  return createPersonalWorkspace(db, user);
}

/** The user's role in a workspace, or null when they are not a member (callers answer 404). */
export async function membership(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceContext | null> {
  const [row] = await db
    .select({ w: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return row ? toContext(row.w, row.role, userId) : null;
}

/** A workspace's plan fields by id (background jobs act for a workspace without a request). */
export async function findWorkspacePlan(db: Db, workspaceId: string): Promise<WorkspacePlan | null> {
  const [row] = await db
    .select({ id: workspaces.id, plan: workspaces.plan, trialEndsAt: workspaces.trialEndsAt })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row ?? null;
}
