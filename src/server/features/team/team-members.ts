import type { Member } from '../../../shared/workspaces';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import { deleteApiTokensOf, peopleByIds, usernamesByIds } from '../auth';
import {
  deleteMember,
  memberRole,
  membersOf,
  ownerCount,
  recordActivity,
  revokeInvitationsSentBy,
  setMemberRole,
  swapOwner,
  type WorkspaceContext,
} from '../workspaces';

type Actor = { workspace: WorkspaceContext; userId: string; now: Date };

/** The workspace's members, owner first, then admins, then members, each by the day they joined. */
export async function listMembers(db: Db, workspace: WorkspaceContext, userId: string): Promise<Member[]> {
  const rows = await membersOf(db, workspace.id);
  // Names are auth's: read by id, then matched (an account deleted meanwhile is left out).
  const people = new Map(
    (
      await peopleByIds(
        db,
        rows.map((m) => m.userId),
      )
    ).map((u) => [u.id, u]),
  );
  return rows
    .flatMap((m) => {
      const u = people.get(m.userId);
      return u ? [{ m, u }] : [];
    })
    .map(({ m, u }) => ({
      userId: u.id,
      username: u.username,
      email: u.email,
      name: [u.firstName, u.lastName].filter(Boolean).join(' ') || null,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      you: u.id === userId,
      personalHome: u.id === workspace.id,
    }));
}

export async function findMember(db: Db, workspaceId: string, userId: string) {
  const role = await memberRole(db, workspaceId, userId);
  const username = role && (await usernamesByIds(db, [userId])).get(userId);
  if (!role || !username) throw notFound('Member not found');
  return { role, username };
}

/**
 * Withdraws the pending invitations `userId` sent from this workspace: an invitation must not outlive
 * its inviter's place there (probe finding 2: a removed admin accepted their own admin invitation).
 */
export const revokeInvitationsBy = (db: Db, workspaceId: string, userId: string, now: Date) =>
  revokeInvitationsSentBy(db, { workspaceId, userId, now });

/**
 * Someone who is no longer in the workspace leaves no API token behind: a token dead only while its
 * creator is away came back to life when they were invited again.
 */
const revokeTokensOf = (db: Db, workspaceId: string, userId: string) =>
  deleteApiTokensOf(db, { workspaceId, userId });

/** What ends with a person's place in the workspace: the invitations they sent and their API tokens. */
async function endPlace(db: Db, workspaceId: string, userId: string, now: Date) {
  await deleteMember(db, workspaceId, userId);
  await revokeInvitationsBy(db, workspaceId, userId, now);
  await revokeTokensOf(db, workspaceId, userId);
}

/** Admin or member; the owner's role changes only through a transfer of ownership. */
export async function changeRole(a: Actor & { db: Db; targetId: string; role: 'admin' | 'member' }) {
  const target = await findMember(a.db, a.workspace.id, a.targetId);
  if (target.role === 'owner') {
    throw new AppError('forbidden', "The owner's role changes only when the owner transfers ownership.");
  }
  if (target.role === a.role) return;
  await setMemberRole(a.db, a.workspace.id, a.targetId, a.role);
  // A member may not invite: what they sent as an admin goes with the role.
  if (a.role === 'member') await revokeInvitationsBy(a.db, a.workspace.id, a.targetId, a.now);
  await recordActivity(a.db, {
    workspaceId: a.workspace.id,
    userId: a.userId,
    action: 'members.role_changed',
    target: a.targetId,
    detail: { name: target.username, from: target.role, to: a.role },
    now: a.now,
  });
}

/** Takes someone out of the workspace. Nobody removes the owner, nor anyone from their personal one. */
export async function removeMember(a: Actor & { db: Db; targetId: string }) {
  if (a.targetId === a.userId) throw badRequest('To leave the workspace yourself, use Leave.');
  const target = await findMember(a.db, a.workspace.id, a.targetId);
  if (target.role === 'owner') {
    throw new AppError(
      'forbidden',
      'The owner cannot be removed. Ownership can only be transferred by the owner.',
    );
  }
  if (a.targetId === a.workspace.id) {
    throw new AppError(
      'forbidden',
      `${a.workspace.name} is ${target.username}'s personal workspace: they always stay in it.`,
    );
  }
  await endPlace(a.db, a.workspace.id, a.targetId, a.now);
  await recordActivity(a.db, {
    workspaceId: a.workspace.id,
    userId: a.userId,
    action: 'members.removed',
    target: a.targetId,
    detail: { name: target.username },
    now: a.now,
  });
}

/** Leaves the workspace; the last owner must hand it over first, and a personal workspace is home. */
export async function leaveWorkspace(a: Actor & { db: Db }) {
  if (a.workspace.id === a.userId) {
    throw badRequest('This is your personal workspace: you cannot leave it.');
  }
  if (a.workspace.role === 'owner') {
    if ((await ownerCount(a.db, a.workspace.id)) <= 1) {
      throw conflict(
        `You are the only owner of ${a.workspace.name}. Transfer ownership to another member before leaving.`,
      );
    }
  }
  await endPlace(a.db, a.workspace.id, a.userId, a.now);
  await recordActivity(a.db, {
    workspaceId: a.workspace.id,
    userId: a.userId,
    action: 'members.left',
    now: a.now,
  });
}

/** The owner hands the workspace to another member and stays on as an admin. */
export async function transferOwnership(a: Actor & { db: Db; targetId: string }) {
  if (a.targetId === a.userId) throw badRequest('You already own this workspace.');
  const target = await findMember(a.db, a.workspace.id, a.targetId);
  // One statement, so the workspace is never left with two owners or none.
  await swapOwner(a.db, a.workspace.id, a.userId, a.targetId);
  await recordActivity(a.db, {
    workspaceId: a.workspace.id,
    userId: a.userId,
    action: 'workspace.transferred',
    target: a.targetId,
    detail: { name: target.username },
    now: a.now,
  });
}
