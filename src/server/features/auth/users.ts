import { eq, or, sql } from 'drizzle-orm';
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

/** Creates an account with its plan and a trial that ends `trialDays` after `now`. */
export async function registerUser(opts: {
  db: Db;
  input: RegisterInput;
  now: Date;
  trialDays: number;
  /** PASSWORD_HASH_MEMORY_KIB (password.ts). */
  hashMemoryKib?: number;
}): Promise<UserRow> {
  const { input } = opts;
  const taken = await opts.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, input.username.toLowerCase()),
        eq(sql`lower(${users.email})`, input.email.toLowerCase()),
      ),
    )
    .limit(1);
  if (taken[0]) {
    throw conflict(
      taken[0].username.toLowerCase() === input.username.toLowerCase()
        ? 'Username already exists'
        : 'An account with this email already exists',
    );
  }
  const passwordHash = await hashPassword(input.password, opts.hashMemoryKib);
  try {
    const [row] = await opts.db
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
    await createPersonalWorkspace(opts.db, row);
    return row;
  } catch (err) {
    // Two simultaneous registrations of the same name: the unique index decides.
    if (String((err as { code?: string }).code ?? (err as Error).message).includes('23505'))
      throw conflict('Username already exists');
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
