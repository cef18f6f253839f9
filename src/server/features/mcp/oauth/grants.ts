import { OAuthClientMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { API_SCOPES, type ApiScope } from '../../../../shared/api-tokens';
import type { McpConnection } from '../../../../shared/mcp-oauth';
import { randomToken } from '../../../platform/crypto/tokens';
import type { Db } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import { mcpOauthClients, mcpOauthGrants } from '../schema';
import { OAuthError } from './tokens';

/** Loopback http redirect URIs (desktop clients) or https ones; nothing else receives a code. */
function acceptableRedirect(uri: string): boolean {
  try {
    const u = new URL(uri);
    if (u.hash) return false;
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * RFC 7591 dynamic registration. Every client is public (PKCE, no secret: `token_endpoint_auth_method`
 * none), which the answer says whatever was asked; its redirect URIs are fixed here and matched exactly.
 */
export async function registerClient(opts: { db: Db; body: unknown; now: Date }) {
  const parsed = OAuthClientMetadataSchema.safeParse(opts.body);
  if (!parsed.success) {
    throw new OAuthError(
      'invalid_client_metadata',
      parsed.error.issues[0]?.message ?? 'Invalid client metadata.',
    );
  }
  const meta = parsed.data;
  const redirects = meta.redirect_uris.map(String);
  if (!redirects.length || !redirects.every(acceptableRedirect)) {
    throw new OAuthError(
      'invalid_redirect_uri',
      'redirect_uris must be https, or http on a loopback address.',
    );
  }
  const clientId = `vlc_${randomToken(16)}`;
  const name = (meta.client_name ?? 'An MCP client').trim().slice(0, 100) || 'An MCP client';
  await opts.db.insert(mcpOauthClients).values({
    clientId,
    clientName: name,
    redirectUris: redirects,
    metadata: { client_uri: meta.client_uri ?? null, software_id: meta.software_id ?? null },
    createdAt: opts.now,
  });
  return {
    ...meta,
    client_id: clientId,
    client_id_issued_at: Math.floor(opts.now.getTime() / 1000),
    client_name: name,
    redirect_uris: redirects,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}

export async function findClient(db: Db, clientId: string) {
  const [row] = await db
    .select()
    .from(mcpOauthClients)
    .where(eq(mcpOauthClients.clientId, clientId))
    .limit(1);
  return row ?? null;
}

/** The scopes asked for (space separated) that exist; none asked: every scope. */
export function scopesOf(requested: string | undefined): ApiScope[] {
  const asked = (requested ?? '').split(/\s+/).filter(Boolean);
  if (!asked.length) return [...API_SCOPES];
  return API_SCOPES.filter((s) => asked.includes(s));
}

export async function createGrant(opts: {
  db: Db;
  clientId: string;
  userId: string;
  workspaceId: string;
  scopes: string[];
  resource: string;
  now: Date;
}) {
  const [grant] = await opts.db
    .insert(mcpOauthGrants)
    .values({
      clientId: opts.clientId,
      userId: opts.userId,
      workspaceId: opts.workspaceId,
      scopes: opts.scopes,
      resource: opts.resource,
      createdAt: opts.now,
    })
    .returning();
  return grant!;
}

export async function markGrantUsed(db: Db, id: string, now: Date) {
  await db.update(mcpOauthGrants).set({ lastUsedAt: now }).where(eq(mcpOauthGrants.id, id));
}

/** The workspace's live connections (Settings → AI assistants), newest first. */
export async function listConnections(db: Db, workspaceId: string): Promise<McpConnection[]> {
  const rows = await db
    .select({ grant: mcpOauthGrants, clientName: mcpOauthClients.clientName })
    .from(mcpOauthGrants)
    .innerJoin(mcpOauthClients, eq(mcpOauthClients.clientId, mcpOauthGrants.clientId))
    .where(and(eq(mcpOauthGrants.workspaceId, workspaceId), isNull(mcpOauthGrants.revokedAt)))
    .orderBy(desc(mcpOauthGrants.createdAt));
  return rows.map(({ grant, clientName }) => ({
    id: grant.id,
    clientName,
    scopes: grant.scopes,
    userId: grant.userId,
    createdAt: grant.createdAt.toISOString(),
    lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the workspace's connections: its tokens stop working at once; another's id is a 404. */
export async function revokeConnection(opts: {
  db: Db;
  workspaceId: string;
  id: string;
  /** Only a grant this person made (a member revoking their own). */
  userId?: string;
  now: Date;
}) {
  if (!/^[0-9a-f-]{36}$/i.test(opts.id)) throw notFound('Connection not found');
  const [row] = await opts.db
    .update(mcpOauthGrants)
    .set({ revokedAt: opts.now })
    .where(
      and(
        eq(mcpOauthGrants.id, opts.id),
        eq(mcpOauthGrants.workspaceId, opts.workspaceId),
        opts.userId ? eq(mcpOauthGrants.userId, opts.userId) : undefined,
        isNull(mcpOauthGrants.revokedAt),
      ),
    )
    .returning({ id: mcpOauthGrants.id });
  if (!row) throw notFound('Connection not found');
}
