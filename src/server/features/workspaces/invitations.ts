import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { workspaceInvitations, workspaceMembers, workspaces } from './schema';

// The statements on workspace_invitations (team sends, withdraws and accepts invitations; account deletion
// withdraws those of the person). Who sent one is a user id: callers add the name.

export type InvitationRow = typeof workspaceInvitations.$inferSelect;

const pending = and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));

/** The invitation with this token hash, its workspace's name and its sender's role there now; or null. */
export async function invitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ i: workspaceInvitations, workspaceName: workspaces.name, inviterRole: workspaceMembers.role })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaceInvitations.workspaceId),
        eq(workspaceMembers.userId, workspaceInvitations.invitedBy),
      ),
    )
    .where(eq(workspaceInvitations.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Pending unexpired invitations whose sender is still an admin (or the owner) there, newest first. */
export const pendingInvitations = (db: Db, workspaceId: string, now: Date) =>
  db
    .select({ i: workspaceInvitations })
    .from(workspaceInvitations)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaceInvitations.workspaceId),
        eq(workspaceMembers.userId, workspaceInvitations.invitedBy),
        inArray(workspaceMembers.role, ['owner', 'admin']),
      ),
    )
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        pending,
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));

/** A new invitation, replacing the address's pending one in that workspace. */
export async function replaceInvitation(
  db: Db,
  v: Omit<typeof workspaceInvitations.$inferInsert, 'id'> & { createdAt: Date },
): Promise<InvitationRow> {
  await db
    .update(workspaceInvitations)
    .set({ revokedAt: v.createdAt })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, v.workspaceId),
        eq(workspaceInvitations.email, v.email),
        pending,
      ),
    );
  const [row] = await db.insert(workspaceInvitations).values(v).returning();
  return row;
}

/** Withdraws one pending invitation of the workspace; undefined when there is none by that id. */
export async function revokeInvitationById(db: Db, p: { workspaceId: string; id: string; now: Date }) {
  const [row] = await db
    .update(workspaceInvitations)
    .set({ revokedAt: p.now })
    .where(
      and(eq(workspaceInvitations.id, p.id), eq(workspaceInvitations.workspaceId, p.workspaceId), pending),
    )
    .returning();
  return row;
}

/** Claims a pending invitation: of two simultaneous uses, one gets the row, the other undefined. */
export async function claimInvitation(db: Db, p: { id: string; userId: string; now: Date }) {
  const [row] = await db
    .update(workspaceInvitations)
    .set({ acceptedAt: p.now, acceptedBy: p.userId })
    .where(and(eq(workspaceInvitations.id, p.id), pending))
    .returning();
  return row;
}

/** Withdraws the pending invitations a user sent from one workspace (or, without one, from all). */
export const revokeInvitationsSentBy = (db: Db, p: { userId: string; now: Date; workspaceId?: string }) =>
  db
    .update(workspaceInvitations)
    .set({ revokedAt: p.now })
    .where(
      and(
        p.workspaceId ? eq(workspaceInvitations.workspaceId, p.workspaceId) : undefined,
        eq(workspaceInvitations.invitedBy, p.userId),
        pending,
      ),
    );

/** Invitations addressed to the person (any letter case), or accepted by them. */
export const deleteInvitationsTo = (db: Db, p: { userId: string; email: string }) =>
  db
    .delete(workspaceInvitations)
    .where(
      or(
        eq(sql`lower(${workspaceInvitations.email})`, sql`lower(${p.email})`),
        eq(workspaceInvitations.acceptedBy, p.userId),
      ),
    );

/** Invitations made since `since`, by the workspace and by the inviting account across all of theirs. */
export async function invitationsSince(db: Db, p: { workspaceId: string; inviterId: string; since: Date }) {
  const recent = gt(workspaceInvitations.createdAt, p.since);
  const counted = async (who: ReturnType<typeof eq>) => {
    const [row] = await db.select({ n: count() }).from(workspaceInvitations).where(and(who, recent));
    return row?.n ?? 0;
  };
  const [byWorkspace, byAccount] = await Promise.all([
    counted(eq(workspaceInvitations.workspaceId, p.workspaceId)),
    counted(eq(workspaceInvitations.invitedBy, p.inviterId)),
  ]);
  return { byWorkspace, byAccount };
}
