import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, conflict, notConfigured } from '../../platform/http/errors';
import { NO_PUBLIC_URL } from '../../platform/http/public-origin';
import {
  deleteUserSessions,
  emailUsedByOther,
  hashPassword,
  setPasswordHash,
  type UserRow,
  updateAccountFields,
  verifyPassword,
} from '../auth';
import { consumeLinkToken, issueLinkToken } from './links';
import { emailChangeMail, sendAccountMail } from './mail';
import { accountTokens } from './schema';

/** A wrong current password: a 400 on that field, so the form shows it there. */
async function assertPassword(user: UserRow, password: string, field: string) {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest('That is not your current password.', { field });
  }
}

/** A new password, given the current one; every other session of the account ends. */
export async function changePassword(opts: {
  db: Db;
  user: UserRow;
  currentPassword: string;
  newPassword: string;
  keepToken: string | undefined;
  /** PASSWORD_HASH_MEMORY_KIB. */
  hashMemoryKib?: number;
}) {
  await assertPassword(opts.user, opts.currentPassword, 'currentPassword');
  await setPasswordHash(opts.db, opts.user.id, await hashPassword(opts.newPassword, opts.hashMemoryKib));
  return deleteUserSessions({ db: opts.db, userId: opts.user.id, keepToken: opts.keepToken });
}

async function assertEmailFree(db: Db, email: string, userId: string) {
  if (await emailUsedByOther(db, email, userId)) throw conflict('An account with this email already exists');
}

/** Starts an address change: the new address gets a link; nothing changes until it is opened. */
async function startEmailChange(opts: {
  db: Db;
  user: UserRow;
  email: string;
  password: string;
  now: Date;
  ttlHours: number;
  /** Why the link could not be delivered (checked after the password, before any link is made). */
  refusal: string | null;
}) {
  await assertPassword(opts.user, opts.password, 'password');
  if (opts.refusal) throw notConfigured(opts.refusal);
  const email = opts.email.trim();
  if (email.toLowerCase() === opts.user.email.toLowerCase()) {
    throw badRequest('This is already your email address.', { field: 'email' });
  }
  await assertEmailFree(opts.db, email, opts.user.id);
  return issueLinkToken({
    db: opts.db,
    userId: opts.user.id,
    purpose: 'email_change',
    now: opts.now,
    ttlMs: opts.ttlHours * 3_600_000,
    newEmail: email,
  });
}

/** The address waiting for confirmation, if any. */
export async function pendingEmailOf(db: Db, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'email_change'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Opens the confirmation link: signed in as the account that asked, the new address replaces the old. */
export async function confirmEmailChange(opts: { db: Db; user: UserRow; token: string; now: Date }) {
  const row = await consumeLinkToken({
    db: opts.db,
    token: opts.token,
    purpose: 'email_change',
    now: opts.now,
    userId: opts.user.id,
  });
  if (!row?.newEmail) {
    throw new AppError(
      'gone',
      'This confirmation link has expired, was already used, or belongs to another account. Sign in as the account that asked, or change the address again.',
    );
  }
  await assertEmailFree(opts.db, row.newEmail, opts.user.id);
  try {
    await updateAccountFields(opts.db, opts.user.id, { email: row.newEmail });
  } catch (err) {
    // Taken meanwhile by a sign-up: the unique index decides.
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) === '23505') throw conflict('An account with this email already exists');
    throw err;
  }
  return row.newEmail;
}

/**
 * Starts a change and delivers its link. With a relay the link goes only to the new address (opening it
 * proves the mailbox is theirs) and is never in the answer; without a trusted origin for it (no
 * PUBLIC_URL, a Host outside PUBLIC_HOSTS) nothing starts. Without a relay there is no proof to ask for:
 * the person copies the link, as for invitations, shown only on this service's own public address.
 */
export async function requestEmailChange(opts: {
  db: Db;
  config: Pick<Config, 'SMTP_RELAY_URL' | 'MAIL_FROM' | 'EMAIL_CHANGE_TTL_HOURS'>;
  user: UserRow;
  email: string;
  password: string;
  /** linkOrigin: PUBLIC_URL, a PUBLIC_HOSTS host, or loopback; null otherwise. */
  origin: string | null;
  /** The origin is PUBLIC_URL or a PUBLIC_HOSTS host (not merely loopback): the link may be shown. */
  publicOrigin: boolean;
  now: Date;
}) {
  const relay = Boolean(opts.config.SMTP_RELAY_URL);
  const deliverable = relay ? Boolean(opts.origin) : opts.publicOrigin;
  const { token, expiresAt } = await startEmailChange({
    db: opts.db,
    user: opts.user,
    email: opts.email,
    password: opts.password,
    now: opts.now,
    ttlHours: opts.config.EMAIL_CHANGE_TTL_HOURS,
    refusal: deliverable ? null : NO_PUBLIC_URL,
  });
  const link = `${opts.origin}/settings/account/email?token=${token}`;
  if (relay) {
    await sendAccountMail({ config: opts.config, to: opts.email, mail: emailChangeMail(link, expiresAt) });
    return {
      message: `We sent a confirmation link to ${opts.email}. Your address changes when you open it.`,
      pendingEmail: opts.email,
      link: null,
    };
  }
  return {
    message: 'This server sends no email: open the link below to confirm the new address.',
    pendingEmail: opts.email,
    link,
  };
}
