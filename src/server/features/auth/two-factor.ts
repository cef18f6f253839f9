import { and, count, eq, isNull, lt } from 'drizzle-orm';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../shared/two-factor';
import type { Config } from '../../platform/config';
import { decryptSecret, encryptSecret } from '../../platform/crypto/secret-box';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict } from '../../platform/http/errors';
import { verifyPassword } from './password';
import { twoFactor, twoFactorRecoveryCodes, users } from './schema';
import { matchingStep, newRecoveryCodes, newTotpSecret, recoveryHash, setupPayload } from './totp';

type KeyConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir'>;
// Bound to the user, so a sealed secret copied into another user's row does not open there.
const context = (userId: string) => `totp:${userId}`;

export async function twoFactorStatus(opts: { db: Db; userId: string }): Promise<TwoFactorStatus> {
  const [row] = await opts.db.select().from(twoFactor).where(eq(twoFactor.userId, opts.userId)).limit(1);
  const [left] = await opts.db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, opts.userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.enabledAt ? Number(left?.n ?? 0) : 0,
  };
}

export const isTwoFactorEnabled = async (opts: { db: Db; userId: string }) =>
  (await twoFactorStatus(opts)).enabled;

/** A new secret waiting for its first code (replaces an unfinished setup); refused once enabled. */
export async function startTwoFactorSetup(opts: {
  db: Db;
  config: KeyConfig;
  user: { id: string; email: string };
}): Promise<TwoFactorSetup> {
  const { db, user } = opts;
  if (await isTwoFactorEnabled({ db, userId: user.id })) {
    throw conflict('Two-factor sign-in is already on. Turn it off first to set up a new device.');
  }
  const secret = newTotpSecret();
  const secretSealed = encryptSecret({ config: opts.config, plaintext: secret, context: context(user.id) });
  await db
    .insert(twoFactor)
    .values({ userId: user.id, secretSealed })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretSealed, lastStep: 0, enabledAt: null } });
  return setupPayload({ secret, account: user.email });
}

async function assertPassword(db: Db, userId: string, password: string) {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u || !(await verifyPassword(u.hash, password)))
    throw badRequest('That password is not right.', { field: 'password' });
}

/**
 * The first right code, with the account's password, turns two-factor sign-in on; the recovery codes are
 * returned this once. The password: someone holding only a session must not be able to add a factor
 * the owner lacks (and keep its recovery codes).
 */
export async function enableTwoFactor(opts: {
  db: Db;
  config: KeyConfig;
  userId: string;
  code: string;
  password: string;
  now: Date;
}): Promise<RecoveryCodes> {
  const { db, userId } = opts;
  await assertPassword(db, userId, opts.password);
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  if (!row) throw badRequest('Start the setup first.');
  if (row.enabledAt) throw conflict('Two-factor sign-in is already on.');
  const secret = decryptSecret({
    config: opts.config,
    ciphertext: row.secretSealed,
    context: context(userId),
  });
  const step = await matchingStep({ secret, code: opts.code, now: opts.now });
  if (step === null)
    throw badRequest('That code is not right. Check the time on your phone and try the next one.');
  await db.update(twoFactor).set({ enabledAt: opts.now, lastStep: step }).where(eq(twoFactor.userId, userId));
  return { recoveryCodes: await replaceRecoveryCodes(db, userId) };
}

async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
  return codes;
}

/** Turning it off asks for the password again: a borrowed open session must not remove the second factor. */
export async function disableTwoFactor(opts: { db: Db; userId: string; password: string }) {
  await assertPassword(opts.db, opts.userId, opts.password);
  await opts.db.delete(twoFactor).where(eq(twoFactor.userId, opts.userId));
  await opts.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, opts.userId));
}

export async function regenerateRecoveryCodes(opts: {
  db: Db;
  userId: string;
  password: string;
}): Promise<RecoveryCodes> {
  await assertPassword(opts.db, opts.userId, opts.password);
  if (!(await isTwoFactorEnabled(opts))) throw conflict('Two-factor sign-in is off.');
  return { recoveryCodes: await replaceRecoveryCodes(opts.db, opts.userId) };
}

/**
 * Checks a second factor at sign-in: a TOTP code newer than the last one accepted, or an unused recovery
 * code. Each check is one conditional UPDATE, so two requests cannot both spend the same code.
 */
export async function checkSecondFactor(opts: {
  db: Db;
  config: KeyConfig;
  userId: string;
  code: string;
  now: Date;
}): Promise<'totp' | 'recovery' | null> {
  const { db, userId } = opts;
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  if (!row?.enabledAt) return null;
  const secret = decryptSecret({
    config: opts.config,
    ciphertext: row.secretSealed,
    context: context(userId),
  });
  const step = await matchingStep({ secret, code: opts.code, now: opts.now });
  if (step !== null) {
    const spent = await db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, userId), lt(twoFactor.lastStep, step)))
      .returning({ userId: twoFactor.userId });
    return spent.length > 0 ? 'totp' : null;
  }
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryHash(opts.code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return used.length > 0 ? 'recovery' : null;
}
