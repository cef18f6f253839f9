import { and, desc, eq, gt } from 'drizzle-orm';
import type { SessionInfo } from '../../../shared/account';
import { sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { sessions } from '../auth/schema';

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
