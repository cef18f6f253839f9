import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { lockUser } from './queries';
import { apiTokens, loginThrottle, twoFactor, twoFactorRecoveryCodes, users } from './schema';
import type { UserRow } from './users';

// What other features (account, team, onboarding, data-export) read and change of an account: the
// statements on auth's tables, named, so no other feature writes them.

export async function userById(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** What others see of these people (members lists, invitations, logs), in no particular order. */
export const peopleByIds = (db: Db, ids: string[]) =>
  ids.length
    ? db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(inArray(users.id, ids))
    : Promise.resolve([]);

/** Usernames by user id (ids of deleted accounts are absent). */
export async function usernamesByIds(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  return new Map((await peopleByIds(db, wanted)).map((p) => [p.id, p.username]));
}

/** The accounts whose address is exactly `email` (letter case included). */
export const userIdsWithEmail = async (db: Db, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).map((r) => r.id);

const login = { id: users.id, email: users.email, username: users.username };

/** The account using this address, in any letter case. */
export async function userByEmail(db: Db, email: string) {
  const [row] = await db
    .select(login)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The account with this username, in any letter case. */
export async function userByUsername(db: Db, username: string) {
  const [row] = await db
    .select(login)
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Whether an account other than `userId` uses this address (any letter case). */
export async function emailUsedByOther(db: Db, email: string, userId: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return Boolean(taken);
}

export const setPasswordHash = (db: Db, userId: string, passwordHash: string) =>
  db.update(users).set({ passwordHash }).where(eq(users.id, userId));

/** What the person edits of their account (name, address, picture, onboarding answers). */
type AccountFields = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'profileImageUrl'
    | 'onboardingStep'
    | 'onboardingProfile'
    | 'onboardingCompleted'
  >
>;

export const updateAccountFields = (db: Db, userId: string, fields: AccountFields) =>
  db.update(users).set(fields).where(eq(users.id, userId));

/** Whether two-factor sign-in is on for the account. */
export async function twoFactorEnabled(db: Db, userId: string) {
  const [row] = await db
    .select({ on: twoFactor.enabledAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  return Boolean(row?.on);
}

/** Two-factor sign-in off, its recovery codes gone (a reset link's proof of the mailbox only). */
export async function removeTwoFactor(db: Db, userId: string) {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** Deletes the person's API tokens, of one workspace or of all; answers how many. */
export async function deleteApiTokensOf(db: Db, p: { userId: string; workspaceId?: string }) {
  const gone = await db
    .delete(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, p.userId),
        p.workspaceId ? eq(apiTokens.workspaceId, p.workspaceId) : undefined,
      ),
    )
    .returning({ id: apiTokens.id });
  return gone.length;
}

/** The sign-in counters of a username (keyed by name, not user id: login-limit.ts). */
export const deleteLoginCounters = (db: Db, username: string) =>
  db
    .delete(loginThrottle)
    .where(
      or(
        eq(loginThrottle.key, `u:${username}`),
        eq(sql`left(${loginThrottle.key}, ${username.length + 3})`, `p:${username}|`),
      ),
    );

/** The account and what cascades from it (sessions, tokens, memberships, avatar, sign-in history). */
export const deleteUserRow = (db: Db, userId: string) => db.delete(users).where(eq(users.id, userId));

/** Holds the account's row until the transaction ends (one export started at a time per account). */
export async function lockAccountRow(tx: Db, userId: string) {
  await query(tx, lockUser({ userId }));
}

/** The person as their data export shows them (one JSON object, or null). */
export async function accountExportJson(db: Db, userId: string): Promise<unknown> {
  const [row] = await db
    .select({
      row: sql`jsonb_build_object('id', ${users.id}, 'username', ${users.username}, 'email', ${users.email},
        'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'createdAt', ${users.createdAt})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.row ?? null;
}
