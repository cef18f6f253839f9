import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { accountTokens } from './schema';

type Purpose = 'password_reset' | 'email_change';

/**
 * A new single-use link token for `purpose`; earlier unused ones of the same purpose stop working, so
 * only the newest mail counts. Only the token's SHA-256 is stored.
 */
export async function issueLinkToken(opts: {
  db: Db;
  userId: string;
  purpose: Purpose;
  now: Date;
  ttlMs: number;
  newEmail?: string;
}): Promise<{ token: string; expiresAt: Date }> {
  const { db, now } = opts;
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, opts.userId),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + opts.ttlMs);
  await db.insert(accountTokens).values({
    tokenHash: sha256(token),
    userId: opts.userId,
    purpose: opts.purpose,
    newEmail: opts.newEmail ?? null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Uses a link token once: marks it used in one conditional statement (of two simultaneous uses, one
 * wins) and returns its row; null when unknown, used, expired or of another purpose.
 */
export async function consumeLinkToken(opts: {
  db: Db;
  token: string;
  purpose: Purpose;
  now: Date;
  /** Only this account's link (an email change is confirmed by the account that asked). */
  userId?: string;
}) {
  const [row] = await opts.db
    .update(accountTokens)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(accountTokens.tokenHash, sha256(opts.token)),
        opts.userId ? eq(accountTokens.userId, opts.userId) : undefined,
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, opts.now),
      ),
    )
    .returning();
  return row ?? null;
}

/** The account of a link that would still work, without using it (the reset page asks before the form). */
export async function linkTokenOwner(opts: { db: Db; token: string; purpose: Purpose; now: Date }) {
  const [row] = await opts.db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, sha256(opts.token)),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, opts.now),
      ),
    );
  return row?.userId ?? null;
}

/** Housekeeping: links that can no longer be used. */
export async function deleteDeadLinkTokens(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db
    .delete(accountTokens)
    .where(or(lte(accountTokens.expiresAt, dayAgo), lte(accountTokens.usedAt, dayAgo)));
}
