import type { Invitation, InvitationPreview } from '../../../shared/workspaces';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { userIdsWithEmail, usernamesByIds } from '../auth';
import type { PriceConfig } from '../billing';
import { productNameFor } from '../branding';
import {
  addMember,
  anyMember,
  claimInvitation,
  type InvitationRow,
  membership,
  pendingInvitations,
  recordActivity,
  replaceInvitation,
  revokeInvitationById,
  type WorkspaceContext,
} from '../workspaces';
import { findByToken, stateOf } from './invitation-token';

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
  // Only those whose inviter is still an admin of the workspace hold (invitation-token.ts).
  const rows = await pendingInvitations(db, workspaceId, now);
  const names = await usernamesByIds(
    db,
    rows.map((r) => r.i.invitedBy),
  );
  return rows.map((r) => toInvitation(r.i, (r.i.invitedBy && names.get(r.i.invitedBy)) || null));
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
  if (await anyMember(db, workspace.id, await userIdsWithEmail(db, opts.email))) {
    throw conflict(`${opts.email} is already a member of ${workspace.name}.`);
  }
  const token = randomToken();
  const row = await replaceInvitation(db, {
    workspaceId: workspace.id,
    email: opts.email,
    role: opts.role,
    tokenHash: sha256(token),
    invitedBy: opts.inviter.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + opts.ttlHours * 3_600_000),
  });
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
  const row = await revokeInvitationById(opts.db, {
    workspaceId: opts.workspaceId,
    id: opts.id,
    now: opts.now,
  });
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
  const claimed = await claimInvitation(db, { id: i.id, userId: user.id, now });
  if (!claimed) throw gone(`This invitation to ${workspaceName} has already been used.${from}`);
  await addMember(db, { workspaceId: i.workspaceId, userId: user.id, role: i.role, joinedAt: now });
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
