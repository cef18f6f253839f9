import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import type { AppInstance } from '../../platform/http/types';
import type { LoginTicket } from './login-limit';
import { twoFactorChallenges } from './schema';

/** The cookie that carries a half-finished sign-in to the second-factor step. */
export const CHALLENGE_COOKIE = 'vl_2fa';
const CHALLENGE_MINUTES = 10;
/** Wrong codes one challenge takes before the password must be entered again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * A password was right on an account with two-factor sign-in: remember the attempt (with its limiter
 * reservation, kept until the code is right) and hand the browser a token for the second step.
 */
export async function beginSecondFactor(opts: {
  app: AppInstance;
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
  userId: string;
  loginName: string;
  ticket: LoginTicket;
  now: Date;
}): Promise<{ twoFactorRequired: true }> {
  const token = randomToken();
  const expiresAt = new Date(opts.now.getTime() + CHALLENGE_MINUTES * 60_000);
  await opts.db.insert(twoFactorChallenges).values({
    idHash: sha256(token),
    userId: opts.userId,
    loginName: opts.loginName,
    pairKey: opts.ticket.pairKey,
    userKey: opts.ticket.userKey,
    countedOnUser: opts.ticket.countedOnUser,
    expiresAt,
  });
  opts.reply.setCookie(CHALLENGE_COOKIE, token, {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: opts.app.secureCookie(opts.req),
    expires: expiresAt,
  });
  return { twoFactorRequired: true };
}

export type Challenge = typeof twoFactorChallenges.$inferSelect;

export async function findChallenge(opts: { db: Db; token: string | undefined; now: Date }) {
  if (!opts.token) return null;
  const [row] = await opts.db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(eq(twoFactorChallenges.idHash, sha256(opts.token)), gt(twoFactorChallenges.expiresAt, opts.now)),
    )
    .limit(1);
  return row ?? null;
}

/** A wrong code: counted; the challenge ends at CHALLENGE_MAX_ATTEMPTS. Returns whether it is still open. */
export async function failChallenge(opts: { db: Db; challenge: Challenge }): Promise<boolean> {
  const [row] = await opts.db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.idHash, opts.challenge.idHash))
    .returning({ attempts: twoFactorChallenges.attempts });
  if (row && row.attempts < CHALLENGE_MAX_ATTEMPTS) return true;
  await endChallenge(opts);
  return false;
}

export async function endChallenge(opts: { db: Db; challenge: Challenge }) {
  await opts.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.idHash, opts.challenge.idHash));
}

export async function deleteExpiredChallenges(opts: { db: Db; now: Date }) {
  await opts.db.delete(twoFactorChallenges).where(lte(twoFactorChallenges.expiresAt, opts.now));
}
