import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Invitation, InvitationPreview } from '../../../shared/workspaces';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { users } from '../auth/schema';
import { productNameFor } from '../branding';
import type { PriceConfig } from '../usage/plans';
import { membership, recordActivity, type WorkspaceContext } from '../workspaces';
import { workspaceInvitations, workspaceMembers } from '../workspaces/schema';
import { findByToken, stateOf } from './invitation-token';

type InvitationRow = typeof workspaceInvitations.$inferSelect;
const gone = (message: string) => new AppError('gone', message);

const toInvitation = (i: InvitationRow, invitedBy: string | null): Invitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  invitedBy,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/** Pending invitations (neither accepted, revoked nor expired), newest first. */
export async function listInvitations(db: Db, workspaceId: string, now: Date): Promise<Invitation[]> {
  const rows = await db
    .select({ i: workspaceInvitations, by: users.username })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    // Only those whose inviter is still an admin of the workspace hold (invitation-token.ts).
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
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));
  return rows.map((r) => toInvitation(r.i, r.by));
}

/**
 * A new invitation; the token is returned this once (only its hash is kept). Inviting the same address
 * again replaces its pending invitation, so a lost link is re-sent by inviting again.
 */
export async function createInvitation(opts: {
  db: Db;
  workspace: WorkspaceContext;
  inviter: { id: string; username: string };
  email: string;
  role: 'admin' | 'member';
  now: Date;
  ttlHours: number;
}): Promise<{ invitation: Invitation; token: string }> {
  const { db, workspace, now } = opts;
  const [member] = await db
    .select({ id: users.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(users.email, opts.email)))
    .limit(1);
  if (member) throw conflict(`${opts.email} is already a member of ${workspace.name}.`);
  await db
    .update(workspaceInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspace.id),
        eq(workspaceInvitations.email, opts.email),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    );
  const token = randomToken();
  const [row] = await db
    .insert(workspaceInvitations)
    .values({
      workspaceId: workspace.id,
      email: opts.email,
      role: opts.role,
      tokenHash: sha256(token),
      invitedBy: opts.inviter.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + opts.ttlHours * 3_600_000),
    })
    .returning();
  await recordActivity(db, {
    workspaceId: workspace.id,
    userId: opts.inviter.id,
    action: 'members.invited',
    target: row.id,
    detail: { name: opts.email, role: opts.role },
    now,
  });
  return { invitation: toInvitation(row, opts.inviter.username), token };
}

/** Withdraws a pending invitation of this workspace (another workspace's id: 404). */
export async function revokeInvitation(opts: {
  db: Db;
  workspaceId: string;
  id: string;
  userId: string;
  now: Date;
}) {
  const [row] = await opts.db
    .update(workspaceInvitations)
    .set({ revokedAt: opts.now })
    .where(
      and(
        eq(workspaceInvitations.id, opts.id),
        eq(workspaceInvitations.workspaceId, opts.workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('Invitation not found');
  await recordActivity(opts.db, {
    workspaceId: opts.workspaceId,
    userId: opts.userId,
    action: 'members.invitation_revoked',
    target: row.id,
    detail: { name: row.email },
    now: opts.now,
  });
}

/** What the acceptance page shows, signed in or not: whose workspace, who invited, whether it still holds. */
export async function previewInvitation(opts: {
  db: Db;
  config: PriceConfig;
  token: string;
  now: Date;
}): Promise<InvitationPreview> {
  const { db, now } = opts;
  const { i, workspaceName, inviter, inviterRole } = await findByToken(db, opts.token);
  return {
    workspaceName,
    productName: await productNameFor({ db, config: opts.config, now, workspaceId: i.workspaceId }),
    inviter,
    email: i.email,
    role: i.role,
    expiresAt: i.expiresAt.toISOString(),
    state: stateOf(i, inviterRole, now),
  };
}

/**
 * Joins the signed-in user to the invitation's workspace with the invited role. The link is single-use
 * and expires; it may be accepted from an account with another email address (the log records who did).
 */
export async function acceptInvitation(opts: {
  db: Db;
  token: string;
  user: { id: string; email: string };
  now: Date;
  /** The workspace's plan must still allow members (team-plan.ts). */
  checkPlan: (workspace: { id: string; name: string }) => Promise<void>;
}): Promise<WorkspaceContext> {
  const { db, user, now } = opts;
  const { i, workspaceName, inviter, inviterRole } = await findByToken(db, opts.token);
  const from = inviter ? ` Ask ${inviter} for a new invitation.` : ' Ask for a new invitation.';
  const state = stateOf(i, inviterRole, now);
  if (state === 'accepted') {
    const mine = i.acceptedBy === user.id && (await membership(db, user.id, i.workspaceId));
    if (mine) return mine;
    throw gone(`This invitation to ${workspaceName} has already been used.${from}`);
  }
  if (state === 'revoked') throw gone(`This invitation to ${workspaceName} was withdrawn.${from}`);
  if (state === 'expired') {
    throw gone(`This invitation to ${workspaceName} expired on ${i.expiresAt.toUTCString()}.${from}`);
  }
  if (await membership(db, user.id, i.workspaceId)) {
    throw conflict(`You are already a member of ${workspaceName}.`);
  }
  await opts.checkPlan({ id: i.workspaceId, name: workspaceName });
  // Claimed with a conditional update: of two simultaneous uses, one wins and the other hears "used".
  const [claimed] = await db
    .update(workspaceInvitations)
    .set({ acceptedAt: now, acceptedBy: user.id })
    .where(
      and(
        eq(workspaceInvitations.id, i.id),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    )
    .returning();
  if (!claimed) throw gone(`This invitation to ${workspaceName} has already been used.${from}`);
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: i.workspaceId, userId: user.id, role: i.role, joinedAt: now })
    .onConflictDoNothing();
  await recordActivity(db, {
    workspaceId: i.workspaceId,
    userId: user.id,
    action: 'members.joined',
    target: i.id,
    detail: {
      invitedEmail: i.email,
      ...(i.email !== user.email.toLowerCase() ? { acceptedAs: user.email } : {}),
    },
    now,
  });
  const joined = await membership(db, user.id, i.workspaceId);
  if (!joined) throw notFound('Workspace not found');
  return joined;
}
