import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { randomToken, sha256 } from '../../../platform/crypto/tokens';
import type { Db } from '../../../platform/db/client';
import { mcpOauthCodes, mcpOauthGrants, mcpOauthTokens } from '../schema';

// The OAuth 2.1 grant's secrets: one-time authorization codes (PKCE S256), short-lived access tokens
// bound to the MCP resource, and refresh tokens that rotate on each use. Each is an opaque random token
// stored only as its hash; a refresh token presented twice revokes its grant (it was stolen or replayed).

export const CODE_TTL_MS = 10 * 60_000;
export const ACCESS_TTL_S = 60 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/** Prefixes tell an OAuth access token from an API token (`vl_`) before any look-up. */
export const ACCESS_PREFIX = 'vlo_';
const REFRESH_PREFIX = 'vlr_';

/** An OAuth error of RFC 6749 §5.2, answered as `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

/** RFC 7636: BASE64URL(SHA256(verifier)) equals the challenge sent with the authorization request. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export async function issueCode(opts: {
  db: Db;
  grantId: string;
  redirectUri: string;
  codeChallenge: string;
  now: Date;
}): Promise<string> {
  const code = randomToken(32);
  // Codes live minutes: the expired ones go as new ones are made, so the table stays small.
  await opts.db.delete(mcpOauthCodes).where(lt(mcpOauthCodes.expiresAt, opts.now));
  await opts.db.insert(mcpOauthCodes).values({
    codeHash: sha256(code),
    grantId: opts.grantId,
    redirectUri: opts.redirectUri,
    codeChallenge: opts.codeChallenge,
    expiresAt: new Date(opts.now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/** A fresh access and refresh token for the grant, in the shape of RFC 6749 §5.1. */
export async function issueTokens(db: Db, grant: { id: string; scopes: string[] }, now: Date) {
  const access = `${ACCESS_PREFIX}${randomToken(32)}`;
  const refresh = `${REFRESH_PREFIX}${randomToken(32)}`;
  // A grant keeps only its live tokens (and used refresh tokens until they expire: a replay is detected).
  await db
    .delete(mcpOauthTokens)
    .where(and(eq(mcpOauthTokens.grantId, grant.id), lt(mcpOauthTokens.expiresAt, now)));
  await db.insert(mcpOauthTokens).values([
    {
      tokenHash: sha256(access),
      grantId: grant.id,
      kind: 'access',
      expiresAt: new Date(now.getTime() + ACCESS_TTL_S * 1000),
    },
    {
      tokenHash: sha256(refresh),
      grantId: grant.id,
      kind: 'refresh',
      expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
    },
  ]);
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TTL_S,
    refresh_token: refresh,
    scope: grant.scopes.join(' '),
  };
}

/** Redeems a code once: the client, its redirect URI and the PKCE verifier must all match. */
export async function redeemCode(opts: {
  db: Db;
  code: string;
  clientId: string;
  redirectUri: string | undefined;
  verifier: string;
  now: Date;
}) {
  const { db, now } = opts;
  const [row] = await db
    .update(mcpOauthCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mcpOauthCodes.codeHash, sha256(opts.code)),
        isNull(mcpOauthCodes.usedAt),
        gt(mcpOauthCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new OAuthError('invalid_grant', 'The authorization code is unknown, used or expired.');
  const grant = await liveGrant(db, row.grantId);
  if (!grant || grant.clientId !== opts.clientId) {
    throw new OAuthError('invalid_grant', 'The authorization code was not issued to this client.');
  }
  if (opts.redirectUri !== undefined && opts.redirectUri !== row.redirectUri) {
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request.');
  }
  if (!pkceMatches(opts.verifier, row.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
  }
  return grant;
}

/** Uses a refresh token once (rotation); a second use revokes the grant, as RFC 9700 §4.14 advises. */
export async function redeemRefresh(opts: { db: Db; token: string; clientId: string; now: Date }) {
  const { db, now } = opts;
  const [row] = await db
    .select()
    .from(mcpOauthTokens)
    .where(and(eq(mcpOauthTokens.tokenHash, sha256(opts.token)), eq(mcpOauthTokens.kind, 'refresh')))
    .limit(1);
  if (!row || row.expiresAt <= now)
    throw new OAuthError('invalid_grant', 'The refresh token is unknown or expired.');
  const grant = await liveGrant(db, row.grantId);
  if (!grant || grant.clientId !== opts.clientId) {
    throw new OAuthError('invalid_grant', 'The refresh token was revoked or not issued to this client.');
  }
  const [taken] = await db
    .update(mcpOauthTokens)
    .set({ usedAt: now })
    .where(and(eq(mcpOauthTokens.tokenHash, row.tokenHash), isNull(mcpOauthTokens.usedAt)))
    .returning();
  if (!taken) {
    await db.update(mcpOauthGrants).set({ revokedAt: now }).where(eq(mcpOauthGrants.id, grant.id));
    throw new OAuthError('invalid_grant', 'The refresh token was already used: the connection is revoked.');
  }
  return grant;
}

/** The grant behind a live access token, or null (unknown, expired, revoked). */
export async function grantOfAccessToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ grantId: mcpOauthTokens.grantId })
    .from(mcpOauthTokens)
    .where(
      and(
        eq(mcpOauthTokens.tokenHash, sha256(token)),
        eq(mcpOauthTokens.kind, 'access'),
        gt(mcpOauthTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? liveGrant(db, row.grantId) : null;
}

/** Revokes the grant of any of its tokens (RFC 7009: an unknown token is not an error). */
export async function revokeByToken(db: Db, token: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ grantId: mcpOauthTokens.grantId })
    .from(mcpOauthTokens)
    .where(eq(mcpOauthTokens.tokenHash, sha256(token)))
    .limit(1);
  if (row) await db.update(mcpOauthGrants).set({ revokedAt: now }).where(eq(mcpOauthGrants.id, row.grantId));
}

async function liveGrant(db: Db, id: string) {
  const [grant] = await db
    .select()
    .from(mcpOauthGrants)
    .where(and(eq(mcpOauthGrants.id, id), isNull(mcpOauthGrants.revokedAt)))
    .limit(1);
  return grant ?? null;
}
