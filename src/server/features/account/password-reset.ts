import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import { hashPassword } from '../auth/password';
import { users } from '../auth/schema';
import { deleteUserSessions } from '../auth/sessions';
import { consumeLinkToken, issueLinkToken } from './links';
import { passwordResetMail, sendAccountMail } from './mail';

type ResetConfig = Pick<Config, 'SMTP_RELAY_URL' | 'MAIL_FROM' | 'PASSWORD_RESET_TTL_MINUTES'>;

/** The one answer to every reset request: it never tells whether the address has an account. */
export const RESET_REQUESTED =
  'If an account uses this address, we have sent it a link to reset the password. It works once and expires soon.';

export const resetLinkOf = (origin: string, token: string) => `${origin}/reset-password?token=${token}`;

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The account a username or email names (the operator's CLI), or null. */
export async function findUserByLogin(db: Db, login: string) {
  const byEmail = login.includes('@') ? await findUserByEmail(db, login) : null;
  if (byEmail) return byEmail;
  const [row] = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, login.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** A fresh reset link for an account (the operator's CLI, and the mailed request). */
export async function createResetLink(opts: {
  db: Db;
  userId: string;
  origin: string;
  now: Date;
  ttlMinutes: number;
}) {
  const { token, expiresAt } = await issueLinkToken({
    db: opts.db,
    userId: opts.userId,
    purpose: 'password_reset',
    now: opts.now,
    ttlMs: opts.ttlMinutes * 60_000,
  });
  return { link: resetLinkOf(opts.origin, token), expiresAt };
}

/**
 * Mails a reset link when the address has an account. The link is made and mailed after the answer
 * (`deliver` runs it unawaited): measured against a running server, issuing the token before answering
 * made a known address answer ~10 ms slower than an unknown one, which told them apart.
 */
export async function requestPasswordReset(opts: {
  db: Db;
  config: ResetConfig;
  email: string;
  origin: string;
  /** False when the link could not point at this service (no PUBLIC_URL, unknown Host): nothing is sent. */
  mailable: boolean;
  now: Date;
  deliver: (send: () => Promise<void>) => void;
}): Promise<{ message: string }> {
  const user = await findUserByEmail(opts.db, opts.email);
  if (user && opts.config.SMTP_RELAY_URL && opts.mailable) {
    opts.deliver(async () => {
      const { link, expiresAt } = await createResetLink({
        db: opts.db,
        userId: user.id,
        origin: opts.origin,
        now: opts.now,
        ttlMinutes: opts.config.PASSWORD_RESET_TTL_MINUTES,
      });
      await sendAccountMail({
        config: opts.config,
        to: user.email,
        mail: passwordResetMail(link, expiresAt),
      });
    });
  }
  return { message: RESET_REQUESTED };
}

/** Sets the new password from a reset link (once), and ends every session of the account. */
export async function resetPassword(opts: {
  db: Db;
  token: string;
  password: string;
  now: Date;
  /** PASSWORD_HASH_MEMORY_KIB. */
  hashMemoryKib?: number;
}) {
  const row = await consumeLinkToken({
    db: opts.db,
    token: opts.token,
    purpose: 'password_reset',
    now: opts.now,
  });
  if (!row) {
    throw new AppError(
      'gone',
      'This reset link has expired or was already used. Ask for a new one on the Forgot password page.',
    );
  }
  await opts.db
    .update(users)
    .set({ passwordHash: await hashPassword(opts.password, opts.hashMemoryKib) })
    .where(eq(users.id, row.userId));
  await deleteUserSessions({ db: opts.db, userId: row.userId });
}
