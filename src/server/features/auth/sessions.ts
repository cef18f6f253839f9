import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../shared/account';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { membership, membershipsWithWorkspace, type WorkspaceContext } from '../workspaces';
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
  const m = membershipsWithWorkspace(opts.db);
  const rows = await opts.db
    .select({
      user: users,
      workspace: { id: m.id, name: m.name, plan: m.plan, trialEndsAt: m.trialEndsAt, createdAt: m.createdAt },
      role: m.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      m,
      and(
        eq(m.memberId, sessions.userId),
        eq(m.id, sql`coalesce(${sessions.workspaceId}, ${sessions.userId})`),
      ),
    )
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

/** The account's live sessions, newest first; `current` marks the one asking. */
export async function listSessions(opts: {
  db: Db;
  userId: string;
  currentToken: string | undefined;
  now: Date;
}): Promise<SessionInfo[]> {
  const rows = await opts.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, opts.userId), gt(sessions.expiresAt, opts.now)))
    .orderBy(desc(sessions.createdAt));
  const mine = opts.currentToken ? sha256(opts.currentToken) : null;
  return rows.map((s) => ({
    id: s.publicId,
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.idHash === mine,
  }));
}

/** Ends one of the account's sessions by its public id (another account's: 404). */
export async function endSession(opts: { db: Db; userId: string; id: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(opts.id)) throw notFound('Session not found');
  const gone = await opts.db
    .delete(sessions)
    .where(and(eq(sessions.publicId, opts.id), eq(sessions.userId, opts.userId)))
    .returning({ id: sessions.idHash });
  if (!gone.length) throw notFound('Session not found');
}

/** Makes a session work in another of the user's workspaces; not a member → 404, as for any row. */
export async function switchWorkspace(opts: {
  db: Db;
  userId: string;
  sessionToken: string;
  workspaceId: string;
}): Promise<WorkspaceContext> {
  const target = await membership(opts.db, opts.userId, opts.workspaceId);
  if (!target) throw notFound('Workspace not found');
  await opts.db
    .update(sessions)
    .set({ workspaceId: target.id })
    .where(eq(sessions.idHash, sha256(opts.sessionToken)));
  return target;
}
