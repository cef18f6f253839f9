import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { workspaceMembers, workspaces } from '../workspaces/schema';
import { sessions, users } from './schema';

export const SESSION_COOKIE = 'vl_sid';

export async function createSession(opts: {
  db: Db;
  userId: string;
  now: Date;
  ttlHours: number;
  /** What the account's session list shows (the browser and the address it signed in from). */
  userAgent?: string;
  ip?: string;
}) {
  const token = randomToken();
  const expiresAt = new Date(opts.now.getTime() + opts.ttlHours * 3_600_000);
  await opts.db.insert(sessions).values({
    idHash: sha256(token),
    userId: opts.userId,
    createdAt: opts.now,
    expiresAt,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    ip: opts.ip ?? null,
  });
  return { token, expiresAt };
}

/**
 * The user behind a session cookie (null when unknown or past its absolute lifetime), with the
 * session's workspace and the user's role there: one statement, since every request starts with it.
 * `workspace` is null when the user is no longer a member of the session's workspace.
 */
export async function findSessionUser(opts: { db: Db; token: string; now: Date }) {
  const rows = await opts.db
    .select({ user: users, workspace: workspaces, role: workspaceMembers.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.userId, sessions.userId),
        eq(workspaceMembers.workspaceId, sql`coalesce(${sessions.workspaceId}, ${sessions.userId})`),
      ),
    )
    .leftJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(sessions.idHash, sha256(opts.token)), gt(sessions.expiresAt, opts.now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteSession(opts: { db: Db; token: string }) {
  await opts.db.delete(sessions).where(eq(sessions.idHash, sha256(opts.token)));
}

/** Ends every session of a user but `keepToken`'s (password change, reset, "sign out everywhere"). */
export async function deleteUserSessions(opts: { db: Db; userId: string; keepToken?: string }) {
  const gone = await opts.db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, opts.userId),
        opts.keepToken ? ne(sessions.idHash, sha256(opts.keepToken)) : undefined,
      ),
    )
    .returning({ id: sessions.idHash });
  return gone.length;
}

export async function deleteExpiredSessions(opts: { db: Db; now: Date }): Promise<number> {
  const gone = await opts.db
    .delete(sessions)
    .where(lte(sessions.expiresAt, opts.now))
    .returning({ id: sessions.idHash });
  return gone.length;
}
