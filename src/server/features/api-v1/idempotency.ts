import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest } from '../../platform/http/errors';
import { apiIdempotencyKeys } from './schema';

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export type Claim = { kind: 'new' } | { kind: 'replay'; status: number; body: unknown };

/**
 * Claims an Idempotency-Key for one request (the row is written before any work, so a concurrent
 * retry with the same key sees it). A completed key answers its stored response; the same key with a
 * different request, or while the first is still running, is refused. Keys older than a day are reused.
 */
export async function claimIdempotencyKey(opts: {
  db: Db;
  workspaceId: string;
  key: string;
  requestHash: string;
  now: Date;
}): Promise<Claim> {
  const { db, workspaceId, key } = opts;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  await db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.workspaceId, workspaceId),
        eq(apiIdempotencyKeys.key, key),
        lt(apiIdempotencyKeys.createdAt, new Date(opts.now.getTime() - IDEMPOTENCY_TTL_MS)),
      ),
    );
  const inserted = await db
    .insert(apiIdempotencyKeys)
    .values({ workspaceId, key, requestHash: opts.requestHash, createdAt: opts.now })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  if (inserted.length) return { kind: 'new' };
  const [row] = await db
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.workspaceId, workspaceId), eq(apiIdempotencyKeys.key, key)));
  if (!row) return claimIdempotencyKey(opts);
  if (row.requestHash !== opts.requestHash) {
    throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request.');
  }
  if (row.responseStatus === null) {
    throw new AppError(
      'conflict',
      'A request with this Idempotency-Key is still being processed. Retry shortly.',
    );
  }
  return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
}

/** Stores the answer to replay for this key. */
export async function completeIdempotencyKey(opts: {
  db: Db;
  workspaceId: string;
  key: string;
  status: number;
  body: unknown;
}): Promise<void> {
  await opts.db
    .update(apiIdempotencyKeys)
    .set({ responseStatus: opts.status, responseBody: opts.body })
    .where(and(eq(apiIdempotencyKeys.workspaceId, opts.workspaceId), eq(apiIdempotencyKeys.key, opts.key)));
}

/** The request failed: free the key so the client can retry it (nothing was stored). */
export async function releaseIdempotencyKey(opts: {
  db: Db;
  workspaceId: string;
  key: string;
}): Promise<void> {
  await opts.db
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.workspaceId, opts.workspaceId), eq(apiIdempotencyKeys.key, opts.key)));
}
