import type { InvitationPreview } from '../../../shared/workspaces';
import { sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { usernamesByIds } from '../auth';
import { type InvitationRow, invitationByTokenHash } from '../workspaces';

// An invitation as its link finds it, and whether it still holds (invitations.ts previews and accepts it).

/** The invitation of a link, its workspace's name, who sent it and their role there now; 404 otherwise. */
export async function findByToken(db: Db, token: string) {
  const row = await invitationByTokenHash(db, sha256(token));
  if (!row)
    throw notFound(
      'This invitation link is not valid. Check that it was copied whole, or ask for a new one.',
    );
  const by = row.i.invitedBy;
  const inviter = by ? ((await usernamesByIds(db, [by])).get(by) ?? null) : null;
  return { ...row, inviter };
}

/**
 * An invitation holds only while the person who sent it is still an admin (or the owner) of the
 * workspace: checked here, at acceptance, whatever ended their place (removal, leaving, a lower role, a
 * deleted account), so no path that forgets to withdraw it can let it through.
 */
const inviterStillAdmin = (role: string | null) => role === 'owner' || role === 'admin';

export const stateOf = (
  i: InvitationRow,
  inviterRole: string | null,
  now: Date,
): InvitationPreview['state'] =>
  i.revokedAt
    ? 'revoked'
    : i.acceptedAt
      ? 'accepted'
      : !inviterStillAdmin(inviterRole)
        ? 'revoked'
        : i.expiresAt <= now
          ? 'expired'
          : 'pending';
