import { and, eq, gt, lt } from 'drizzle-orm';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { mcpExportLinks } from './schema';

/** How long export_list's link works: long enough to click it, short enough that a leaked one soon dies. */
export const EXPORT_LINK_TTL_MS = 60 * 60 * 1000;
export const EXPORT_LINK_PATH = '/api/mcp/exports';

/**
 * A download link for one list's CSV that works without signing in until it expires: an opaque random
 * token, stored only as its hash (like API tokens), bound to the workspace, the list and the filter.
 */
export async function createExportLink(opts: {
  db: Db;
  workspaceId: string;
  listId: string;
  type: string;
  minScore?: number;
  now: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const token = `vlx_${randomToken(24)}`;
  const expiresAt = new Date(opts.now.getTime() + EXPORT_LINK_TTL_MS);
  // Expired links are dropped as new ones are made: the table never grows past a day of links.
  await opts.db.delete(mcpExportLinks).where(lt(mcpExportLinks.expiresAt, opts.now));
  await opts.db.insert(mcpExportLinks).values({
    workspaceId: opts.workspaceId,
    tokenHash: sha256(token),
    listId: opts.listId,
    exportType: opts.type,
    minScore: opts.minScore ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The export a live link stands for; an unknown or expired one is a 404 like a missing list. */
export async function redeemExportLink(opts: { db: Db; token: string; now: Date }) {
  const [row] = await opts.db
    .select()
    .from(mcpExportLinks)
    .where(and(eq(mcpExportLinks.tokenHash, sha256(opts.token)), gt(mcpExportLinks.expiresAt, opts.now)))
    .limit(1);
  if (!row) throw notFound('This download link is unknown or has expired. Ask for a new one.');
  return row;
}
