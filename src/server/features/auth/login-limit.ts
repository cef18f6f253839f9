import { normalizeIP } from '@fastify/rate-limit';
import { lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type AppError, tooManyRequests } from '../../platform/http/errors';
import { backoffDelay } from '../../platform/retry';
import { releaseAttempt, reserveAttempt } from './queries';
import { loginKnownAddresses, loginThrottle } from './schema';

// Failed sign-in limits (docs/decisions/0005-login-limits.md). Before a password is checked, the attempt is
// reserved on its counters in ONE statement that counts and records at once, so parallel guesses cannot
// all read "under the limit" before any of them is recorded. A wrong password leaves its reservation as
// the failure; a right one releases it.
//  - per (username, address): the lock-out, LOGIN_MAX_FAILURES per LOGIN_WINDOW_MINUTES;
//  - per username, only from addresses the user has not signed in from: a higher ceiling
//    (LOGIN_USER_MAX_FAILURES per LOGIN_USER_WINDOW_MINUTES) with a doubling delay between attempts once
//    LOGIN_MAX_FAILURES have failed, so a botnet guesses slowly, and the owner at home is never blocked.

export interface LoginLimits {
  pairMax: number;
  pairWindowMinutes: number;
  userMax: number;
  userWindowMinutes: number;
  knownAddressDays: number;
}

export interface LoginAttempt {
  db: Db;
  now: Date;
  username: string;
  ip: string;
  limits: LoginLimits;
}

/** What a reservation counted, so that a successful sign-in can give it back. */
export interface LoginTicket {
  pairKey: string;
  userKey: string;
  countedOnUser: boolean;
}

/** Longest wait between two attempts on one username once its failures pile up. */
export const MAX_DELAY_SECONDS = 60;

/** The address as one party: IPv4 as is, IPv6 by its /64 (one subscriber), IPv4-mapped as IPv4. */
export const addressKey = (ip: string) => normalizeIP(ip, 64);
const nameKey = (username: string) => username.trim().toLowerCase();
const iso = (d: Date) => d.toISOString();
const minutesAgo = (now: Date, m: number) => new Date(now.getTime() - m * 60_000);

interface Row extends Record<string, unknown> {
  pair_ok: boolean;
  user_ok: boolean;
  known: boolean;
  pair_start: string | Date | null;
  user_count: number | null;
  user_start: string | Date | null;
  user_last: string | Date | null;
}

/** Reserves one sign-in attempt or throws 429 (with `retryAfterSeconds`) when a limit is reached. */
export async function reserveLoginAttempt(o: LoginAttempt): Promise<LoginTicket> {
  const { limits: l, now } = o;
  const name = nameKey(o.username);
  const address = addressKey(o.ip);
  const pairKey = `p:${name}|${address}`;
  const userKey = `u:${name}`;
  const pairSince = iso(minutesAgo(now, l.pairWindowMinutes));
  const userSince = iso(minutesAgo(now, l.userWindowMinutes));
  const knownSince = iso(minutesAgo(now, l.knownAddressDays * 24 * 60));
  // The snapshot reads at the end see the rows as they were before this statement: enough to say how long
  // a refused attempt has to wait (a refused key was not changed).
  const result = await o.db.execute<Row>(
    reserveAttempt({
      name,
      address,
      pairKey,
      userKey,
      now: iso(now),
      pairSince,
      userSince,
      knownSince,
      pairMax: l.pairMax,
      userMax: l.userMax,
      maxDelayS: MAX_DELAY_SECONDS,
    }),
  );
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (row.pair_ok && (row.user_ok || row.known)) {
    return { pairKey, userKey, countedOnUser: Boolean(row.user_ok) };
  }
  throw tooMany(retryAfterMs(row, o));
}

function retryAfterMs(row: Row, o: LoginAttempt): number {
  const { limits: l, now } = o;
  const at = (v: string | Date | null) => new Date(v ?? now).getTime();
  if (!row.pair_ok) return at(row.pair_start) + l.pairWindowMinutes * 60_000 - now.getTime();
  const count = row.user_count ?? 0;
  if (count >= l.userMax) return at(row.user_start) + l.userWindowMinutes * 60_000 - now.getTime();
  // The statement's own delay (auth/queries.ts), LEAST(MAX_DELAY_SECONDS, 2 ^ (count - pairMax)): a
  // refused attempt is always past pairMax, so it is the shared back-off's retry count - pairMax + 1.
  const delayMs = backoffDelay(count - l.pairMax + 1, { baseMs: 1000, maxMs: MAX_DELAY_SECONDS * 1000 });
  return at(row.user_last) + delayMs - now.getTime();
}

function tooMany(ms: number): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minutes`;
  return tooManyRequests(`Too many failed sign-in attempts. Please wait ${wait} and try again.`, {
    retryAfterSeconds: seconds,
  });
}

/** A right password: its pair lock-out is cleared and its reservation on the username given back. */
export async function releaseLoginAttempt(o: { db: Db; ticket: LoginTicket }): Promise<void> {
  const { pairKey, userKey, countedOnUser } = o.ticket;
  await o.db.execute(releaseAttempt({ pairKey, userKey, countedOnUser }));
}

/** Remembers where a user signed in (or signed up) from; their usual addresses skip the username ceiling. */
export async function rememberSignInAddress(o: { db: Db; userId: string; ip: string; now: Date }) {
  await o.db
    .insert(loginKnownAddresses)
    .values({ userId: o.userId, address: addressKey(o.ip), lastSuccessAt: o.now })
    .onConflictDoUpdate({
      target: [loginKnownAddresses.userId, loginKnownAddresses.address],
      set: { lastSuccessAt: o.now },
    });
}

/** Housekeeping: counters whose windows are long over, and addresses not used for `knownAddressDays`. */
export async function deleteStaleLoginState(opts: { db: Db; now: Date; limits: LoginLimits }) {
  const l = opts.limits;
  const longest = Math.max(l.pairWindowMinutes, l.userWindowMinutes, 24 * 60);
  await opts.db.delete(loginThrottle).where(lt(loginThrottle.windowStart, minutesAgo(opts.now, longest)));
  await opts.db
    .delete(loginKnownAddresses)
    .where(lt(loginKnownAddresses.lastSuccessAt, minutesAgo(opts.now, l.knownAddressDays * 24 * 60)));
}

/** The limits as configured. */
export function loginLimitsOf(c: {
  LOGIN_MAX_FAILURES: number;
  LOGIN_WINDOW_MINUTES: number;
  LOGIN_USER_MAX_FAILURES: number;
  LOGIN_USER_WINDOW_MINUTES: number;
  LOGIN_KNOWN_ADDRESS_DAYS: number;
}): LoginLimits {
  return {
    pairMax: c.LOGIN_MAX_FAILURES,
    pairWindowMinutes: c.LOGIN_WINDOW_MINUTES,
    userMax: c.LOGIN_USER_MAX_FAILURES,
    userWindowMinutes: c.LOGIN_USER_WINDOW_MINUTES,
    knownAddressDays: c.LOGIN_KNOWN_ADDRESS_DAYS,
  };
}
