import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { apiIdempotencyKeys } from './schema';

/** The workspace's remembered API answers, erased with its data (retention). */
export const eraseWorkspaceIdempotencyKeys = (db: Db, workspaceId: string) =>
  db.delete(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.workspaceId, workspaceId));
