import { eq, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput, User } from '../../../shared/auth';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import { createPersonalWorkspace } from '../workspaces';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    profileImageUrl: u.profileImageUrl,
  };
}

/** The sign-up's refusal of a name in use (usernames are shown to teammates: not a secret). */
export const USERNAME_TAKEN = 'Username already exists';

const emailTaken = async (db: Db, email: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1)
  ).length > 0;

const usernameTaken = async (db: Db, username: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1)
  ).length > 0;

/**
 * Creates an account with its plan and a trial that ends `trialDays` after `now`; or, when the email
 * address already has an account, creates nothing and answers `{ emailTaken: true }` (sign-up.ts answers
 * that caller as it answers a new account, without a session). A username in use is a 409.
 */
export async function registerUser(opts: {
  db: Db;
  input: RegisterInput;
  now: Date;
  trialDays: number;
  /** PASSWORD_HASH_MEMORY_KIB (password.ts). */
  hashMemoryKib?: number;
}): Promise<{ user: UserRow } | { emailTaken: true }> {
  const { input, db } = opts;
  if (await usernameTaken(db, input.username)) throw conflict(USERNAME_TAKEN);
  // The hash is made either way, so a taken address costs the same time as a new account's.
  const passwordHash = await hashPassword(input.password, opts.hashMemoryKib);
  if (await emailTaken(db, input.email)) return { emailTaken: true };
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.username,
        plan: input.plan,
        trialEndsAt: new Date(opts.now.getTime() + opts.trialDays * 86_400_000),
        createdAt: opts.now,
      })
      .returning();
    await createPersonalWorkspace(db, row);
    return { user: row };
  } catch (err) {
    // Two simultaneous registrations of the same name or address: the unique index decides.
    const e = err as { code?: string; cause?: { code?: string }; message?: string };
    if ((e.code ?? e.cause?.code ?? e.message ?? '').includes('23505')) {
      if (await usernameTaken(db, input.username)) throw conflict(USERNAME_TAKEN);
      if (await emailTaken(db, input.email)) return { emailTaken: true };
    }
    throw err;
  }
}

/**
 * The account name a sign-in refers to: an identifier with "@" is the email used at sign-up when an
 * account has it (new usernames cannot contain "@"), anything else the username as typed. The sign-in
 * limits count on this name, so switching between username and email gives no extra attempts.
 */
export async function signInName(db: Db, identifier: string): Promise<string> {
  const id = identifier.trim();
  if (!id.includes('@')) return id;
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.email})`, id.toLowerCase()))
    .limit(1);
  return row?.username ?? id;
}

export async function authenticate(opts: {
  db: Db;
  input: LoginInput;
  hashMemoryKib?: number;
}): Promise<UserRow | null> {
  const [row] = await opts.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, opts.input.username.toLowerCase()))
    .limit(1);
  if (!row) {
    await burnPasswordCheck(opts.input.password, opts.hashMemoryKib);
    return null;
  }
  return (await verifyPassword(row.passwordHash, opts.input.password)) ? row : null;
}
