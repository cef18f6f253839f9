import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../../platform/crypto/tokens';
import { runUrgent } from '../../platform/db/background';
import type { Db } from '../../platform/db/client';
import type { AppDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/http/errors';
import { fallbackWorkspace, membership, toContext, type WorkspaceContext } from '../workspaces';
import { apiTokens, users } from './schema';
import { createSessionCache } from './session-cache';
import { findSessionUser, SESSION_COOKIE } from './sessions';
import type { UserRow } from './users';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The workspace the request acts in, with the user's role there (see workspaces/). */
    workspace: WorkspaceContext | null;
    /** How the user was recognised: bearer requests carry no cookies, so CSRF does not apply to them. */
    authKind: 'session' | 'bearer' | null;
  }
  interface FastifyContextConfig {
    /** The route also accepts `Authorization: Bearer <personal API token>` (CSV downloads). */
    allowBearer?: boolean;
  }
}

type SessionFound = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/**
 * The person and workspace behind a personal API token (null for an unknown or revoked one);
 * `workspace` is null once the token's creator is no longer a member of its workspace.
 */
export async function findTokenHolder(db: Db, secret: string) {
  const [row] = await db
    .select({
      user: users,
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      workspaceId: apiTokens.workspaceId,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sha256(secret)))
    .limit(1);
  if (!row) return null;
  const workspace = await membership(db, row.user.id, row.workspaceId);
  return { user: row.user, tokenId: row.tokenId, scopes: row.scopes, workspace };
}

export async function markTokenUsed(db: Db, tokenId: string, now: Date) {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
}

/** Resolves the signed-in user of every /api request once, before handlers run. */
export function installRequestUser(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('authKind', null);
  app.decorateRequest('workspace', null);
  const cache = createSessionCache<SessionFound>(deps.database);
  if (cache) app.addHook('onClose', async () => cache.close());
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer && req.routeOptions.config.allowBearer) {
      const holder = await findTokenHolder(deps.database.db, bearer);
      // A token acts in its workspace with its creator's role there; once the creator has left the
      // workspace it opens nothing (the request goes on as if it carried no token).
      if (holder?.workspace && holder.scopes.includes('downloads')) {
        req.user = holder.user;
        req.authKind = 'bearer';
        req.workspace = holder.workspace;
        await markTokenUsed(deps.database.db, holder.tokenId, deps.clock());
        return;
      }
    }
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    // Every request starts with this look-up: served before other statements (see db/background.ts).
    const now = deps.clock();
    const load = () => runUrgent(() => findSessionUser({ db: deps.database.db, token, now }));
    const found = cache ? await cache.get(token, now, load) : await load();
    if (!found) return;
    req.user = found.user;
    req.authKind = 'session';
    req.workspace =
      found.workspace && found.role
        ? toContext(found.workspace, found.role, found.user.id)
        : await fallbackWorkspace(deps.database.db, found.user);
  });
}

/**
 * The signed-in user, or a 401: the person acting (sign-in, profile, who did what). Queries on data
 * take the workspace's id instead (workspaces/requireWorkspace).
 */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
