import type { Db } from '../../platform/db/client';
import { tooManyRequests } from '../../platform/http/errors';
import { invitationsSince } from '../workspaces';

// Every invitation is a mail through the operator's relay (probe finding 1: a trial account sent 30 in
// 0.8 s). Counted from the invitations themselves over the last hour, so the limit holds across processes
// and restarts: per workspace, and per inviting account across all their workspaces.
const HOUR_MS = 3_600_000;

export async function assertInviteRate(opts: {
  db: Db;
  workspaceId: string;
  inviterId: string;
  now: Date;
  limits: { perWorkspace: number; perAccount: number };
}) {
  const since = new Date(opts.now.getTime() - HOUR_MS);
  const { byWorkspace, byAccount } = await invitationsSince(opts.db, {
    workspaceId: opts.workspaceId,
    inviterId: opts.inviterId,
    since,
  });
  if (byWorkspace >= opts.limits.perWorkspace || byAccount >= opts.limits.perAccount) {
    throw tooManyRequests(
      `Too many invitations in the last hour (at most ${Math.min(opts.limits.perWorkspace, opts.limits.perAccount)}). Please try again later.`,
      { retryAfterSeconds: 3600 },
    );
  }
}
