import type { Db } from '../../platform/db/client';
import { badRequest, conflict } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { deleteLoginCounters, deleteUserRow, type UserRow, verifyPassword } from '../auth';
import { assertNoLiveSubscription, queueStripeCustomerErase, stripeCustomersOf } from '../billing';
import {
  deleteInvitationsTo,
  deleteWorkspaceRow,
  forgetPersonInActivity,
  ownedWorkspacesOf,
  revokeInvitationsSentBy,
} from '../workspaces';

// Deleting an account (decision 0830): confirmed by password; a workspace shared with others must first be
// handed over or deleted by its owner. What goes: the account and everything that cascades from it
// (sessions, tokens, memberships, avatar, sign-in history), the personal workspace and any workspace the
// account owns alone (with all their data), invitations addressed to or accepted by it (those it sent
// are withdrawn), and the
// person's name and address in other workspaces' activity logs. Work done in a shared workspace stays
// there (it is the workspace's), no longer linked to anyone. The deleted workspaces' Stripe customers are
// deleted at Stripe afterwards (billing/customer-erase.ts).

export async function deleteAccount(opts: {
  db: Db;
  queue: JobSender;
  user: UserRow;
  password: string;
  now: Date;
}) {
  const { db, user } = opts;
  if (!(await verifyPassword(user.passwordHash, opts.password))) {
    throw badRequest('That is not your password.', { field: 'password' });
  }
  const owned = await ownedWorkspacesOf(db, user.id);
  // A workspace with other members (the personal one included) is not the account's alone to delete.
  const shared = owned.filter((w) => w.others > 0);
  if (shared.length) {
    throw conflict(
      `You own ${shared.map((w) => `"${w.name}"`).join(', ')}, shared with other members. Transfer ownership, delete ${shared.length === 1 ? 'it' : 'them'} or remove the members first (Settings → Team).`,
    );
  }
  const ids = owned.map((w) => w.id);
  await assertNoLiveSubscription(
    db,
    ids,
    'Your subscription is still active. Cancel it first (Settings → Billing), then delete the account.',
  );
  const customers = await stripeCustomersOf(db, ids);
  await db.transaction(async (tx) => {
    // Others' logs: entries about this person keep what happened, not who it was.
    await forgetPersonInActivity(tx, user.id);
    await deleteInvitationsTo(tx, { userId: user.id, email: user.email });
    await revokeInvitationsSentBy(tx, { userId: user.id, now: opts.now });
    for (const id of ids) await deleteWorkspaceRow(tx, id);
    // Sign-in counters are keyed by the username (auth/login-limit.ts), not the user id.
    const name = user.username.trim().toLowerCase();
    await deleteLoginCounters(tx, name);
    await deleteUserRow(tx, user.id);
  });
  await queueStripeCustomerErase(opts.queue, customers);
}
