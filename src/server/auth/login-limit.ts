import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { loginFailures } from './schema';

export interface LoginLimitOptions {
  db: Db;
  now: Date;
  username: string;
  ip: string;
  maxFailures: number;
  windowMinutes: number;
}

// Counted per username (guessing one account) and per address (spraying many), in the database so that
// every server process sees the same counts.
const IP_ALLOWANCE = 5;
const keys = (o: LoginLimitOptions) => [`user:${o.username.toLowerCase()}`, `ip:${o.ip}`];

export async function assertLoginAllowed(o: LoginLimitOptions): Promise<void> {
  const since = new Date(o.now.getTime() - o.windowMinutes * 60_000);
  const rows = await o.db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys(o)));
  // One address may hold many users (an office, a proxy), so it gets a larger allowance.
  const limitOf = (key: string) => (key.startsWith('ip:') ? o.maxFailures * IP_ALLOWANCE : o.maxFailures);
  const blocked = rows.find((r) => r.windowStart > since && r.count >= limitOf(r.key));
  if (blocked) {
    const retryMs = blocked.windowStart.getTime() + o.windowMinutes * 60_000 - o.now.getTime();
    const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
    throw new AppError(
      429,
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { retryAfterSeconds: Math.ceil(retryMs / 1000) },
    );
  }
}

export async function recordLoginFailure(o: LoginLimitOptions): Promise<void> {
  const since = new Date(o.now.getTime() - o.windowMinutes * 60_000);
  for (const key of keys(o)) {
    await o.db
      .insert(loginFailures)
      .values({ key, count: 1, windowStart: o.now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          // A window that has passed starts over.
          count: sql`CASE WHEN ${loginFailures.windowStart} > ${since.toISOString()}::timestamptz THEN ${loginFailures.count} + 1 ELSE 1 END`,
          windowStart: sql`CASE WHEN ${loginFailures.windowStart} > ${since.toISOString()}::timestamptz THEN ${loginFailures.windowStart} ELSE ${o.now.toISOString()}::timestamptz END`,
        },
      });
  }
}

export async function clearLoginFailures(o: LoginLimitOptions): Promise<void> {
  await o.db.delete(loginFailures).where(inArray(loginFailures.key, [keys(o)[0]]));
}

export async function deleteStaleLoginFailures(opts: { db: Db; before: Date }): Promise<void> {
  await opts.db.delete(loginFailures).where(lt(loginFailures.windowStart, opts.before));
}
