import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import {
  deleteApiTokensOf,
  deleteUserSessions,
  hashPassword,
  removeTwoFactor,
  setPasswordHash,
  twoFactorEnabled,
  userByEmail,
  userByUsername,
} from '../auth';
import { consumeLinkToken, issueLinkToken, linkTokenOwner } from './links';
import { passwordResetMail, sendAccountMail } from './mail';

type ResetConfig = Pick<Config, 'SMTP_RELAY_URL' | 'MAIL_FROM' | 'PASSWORD_RESET_TTL_MINUTES'>;

/** The one answer to every reset request: it never tells whether the address has an account. */
export const RESET_REQUESTED =
  'If an account uses this address, we have sent it a link to reset the password. It works once and expires soon.';

export const resetLinkOf = (origin: string, token: string) => `${origin}/reset-password?token=${token}`;

/** The account a username or email names (the operator's CLI), or null. */
export async function findUserByLogin(db: Db, login: string) {
  const byEmail = login.includes('@') ? await userByEmail(db, login) : null;
  return byEmail ?? userByUsername(db, login);
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
  const user = await userByEmail(opts.db, opts.email);
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

/** What the reset page shows before the form: whether the link works, and whether to offer turning 2FA off. */
export async function checkResetLink(opts: { db: Db; token: string; now: Date }) {
  const userId = await linkTokenOwner({ ...opts, purpose: 'password_reset' });
  if (!userId) return { valid: false, twoFactor: false };
  return { valid: true, twoFactor: await twoFactorEnabled(opts.db, userId) };
}

/**
 * Sets the new password from a reset link (once) and ends every session of the account. The link is the
 * proof of the mailbox, and only it may also turn two-factor sign-in off (`turnOffTwoFactor`, a lost
 * phone) or revoke the person's API tokens in every workspace (`revokeApiTokens`): a stolen session
 * never can. Returns what it did, for the answer's sentence.
 */
export async function resetPassword(opts: {
  db: Db;
  token: string;
  password: string;
  turnOffTwoFactor: boolean;
  revokeApiTokens: boolean;
  now: Date;
  /** PASSWORD_HASH_MEMORY_KIB. */
  hashMemoryKib?: number;
}): Promise<{ twoFactorOff: boolean; tokensRevoked: number }> {
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
  await setPasswordHash(opts.db, row.userId, await hashPassword(opts.password, opts.hashMemoryKib));
  await deleteUserSessions({ db: opts.db, userId: row.userId });
  const userId = row.userId;
  if (opts.turnOffTwoFactor) await removeTwoFactor(opts.db, userId);
  const revoked = opts.revokeApiTokens ? await deleteApiTokensOf(opts.db, { userId }) : 0;
  return { twoFactorOff: opts.turnOffTwoFactor, tokensRevoked: revoked };
}

/** The sentence after a reset: what ended with it. */
export function resetDoneMessage(done: { twoFactorOff: boolean; tokensRevoked: number }) {
  const extra = [
    done.tokensRevoked ? `${done.tokensRevoked} API token${done.tokensRevoked === 1 ? '' : 's'} revoked` : '',
    done.twoFactorOff ? 'two-factor sign-in turned off' : '',
  ].filter(Boolean);
  return `Your password has been changed and every session signed out${extra.length ? `; ${extra.join(', ')}` : ''}. Sign in with the new one.`;
}
