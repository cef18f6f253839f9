import type { OAuthMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_SCOPES } from '../../../../shared/api-tokens';
import { MCP_PATH } from '../../../../shared/mcp';
import {
  authorizeRequestSchema,
  consentAnswerSchema,
  consentDecisionSchema,
  consentViewSchema,
  mcpConnectionListSchema,
  OAUTH_AUTHORIZE_PATH,
} from '../../../../shared/mcp-oauth';
import { can, okSchema } from '../../../../shared/workspaces';
import type { AppDeps } from '../../../platform/deps';
import { rateLimited } from '../../../platform/http/rate-limit';
import type { AppInstance } from '../../../platform/http/types';
import { requireWorkspace } from '../../workspaces';
import { consentView, decideConsent } from './consent';
import { listConnections, registerClient, revokeConnection } from './grants';
import { issueTokens, OAuthError, redeemCode, redeemRefresh, revokeByToken } from './tokens';

export const AUTHORIZATION_SERVER_PATH = '/.well-known/oauth-authorization-server';

type Form = Record<string, string | undefined>;
const oauthFailure = (reply: FastifyReply, err: OAuthError) =>
  reply
    .code(err.status)
    .header('cache-control', 'no-store')
    .send({ error: err.error, error_description: err.message });

/**
 * OAuth 2.1 for the MCP server (decision 0880), written on Fastify with the SDK's OAuth schemas (its
 * mcpAuthRouter is Express's): RFC 8414 metadata, RFC 7591 registration, the authorization code with
 * PKCE S256 (the consent page is the web app's), rotating refresh tokens, RFC 7009 revocation; and the
 * web app's consent and connections calls.
 */
export async function mcpOauthRoutes(
  app: AppInstance,
  deps: AppDeps,
  originOf: (req: FastifyRequest) => string,
) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const resourceOf = (req: FastifyRequest) => `${originOf(req)}${MCP_PATH}`;

  app.get(AUTHORIZATION_SERVER_PATH, { schema: { hide: true } }, async (req): Promise<OAuthMetadata> => {
    const origin = originOf(req);
    return {
      issuer: origin,
      authorization_endpoint: `${origin}${OAUTH_AUTHORIZE_PATH}`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      scopes_supported: [...API_SCOPES],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      service_documentation: `${origin}/help#ai-assistants`,
    };
  });

  // The endpoints clients call themselves: no cookies, no CSRF; form bodies as RFC 6749 says.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const limited = {
      config: rateLimited({ max: 60, windowMs: 60_000, message: 'Too many OAuth requests.' }),
      schema: { hide: true },
    };
    scope.post('/oauth/register', limited, async (req, reply) => {
      try {
        return reply.code(201).send(await registerClient({ db, body: req.body, now: deps.clock() }));
      } catch (err) {
        if (err instanceof OAuthError) return oauthFailure(reply, err);
        throw err;
      }
    });
    scope.post('/oauth/token', limited, async (req, reply) => {
      const form = (req.body ?? {}) as Form;
      const now = deps.clock();
      try {
        if (!form.client_id) throw new OAuthError('invalid_client', 'client_id is required.', 401);
        let grant: Awaited<ReturnType<typeof redeemCode>>;
        if (form.grant_type === 'authorization_code') {
          if (!form.code || !form.code_verifier) {
            throw new OAuthError('invalid_request', 'code and code_verifier are required.');
          }
          grant = await redeemCode({
            db,
            code: form.code,
            clientId: form.client_id,
            redirectUri: form.redirect_uri,
            verifier: form.code_verifier,
            now,
          });
        } else if (form.grant_type === 'refresh_token') {
          if (!form.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.');
          grant = await redeemRefresh({ db, token: form.refresh_token, clientId: form.client_id, now });
        } else {
          throw new OAuthError('unsupported_grant_type', 'Use authorization_code or refresh_token.');
        }
        if (form.resource !== undefined && form.resource.replace(/\/+$/, '') !== grant.resource) {
          throw new OAuthError('invalid_target', 'Tokens of this grant are for the MCP server only.');
        }
        return reply.header('cache-control', 'no-store').send(await issueTokens(db, grant, now));
      } catch (err) {
        if (err instanceof OAuthError) return oauthFailure(reply, err);
        throw err;
      }
    });
    scope.post('/oauth/revoke', limited, async (req, reply) => {
      const form = (req.body ?? {}) as Form;
      if (form.token) await revokeByToken(db, form.token, deps.clock());
      return reply.code(200).send({});
    });
  });

  r.get(
    '/api/mcp/oauth/consent',
    { schema: { tags: ['mcp'], querystring: authorizeRequestSchema, response: { 200: consentViewSchema } } },
    async (req) =>
      consentView({ db, request: req.query, workspace: requireWorkspace(req), resource: resourceOf(req) }),
  );

  r.post(
    '/api/mcp/oauth/consent',
    { schema: { tags: ['mcp'], body: consentDecisionSchema, response: { 200: consentAnswerSchema } } },
    async (req) => {
      const { approve, granted, ...request } = req.body;
      const workspace = requireWorkspace(req);
      return decideConsent({
        db,
        request,
        approve,
        granted,
        userId: req.user!.id,
        workspace,
        resource: resourceOf(req),
        now: deps.clock(),
      });
    },
  );

  r.get(
    '/api/mcp/connections',
    { schema: { tags: ['mcp'], response: { 200: mcpConnectionListSchema } } },
    async (req) => ({
      connections: await listConnections(db, requireWorkspace(req).id),
      serverUrl: resourceOf(req),
    }),
  );

  r.delete(
    '/api/mcp/connections/:id',
    { schema: { tags: ['mcp'], params: z.object({ id: z.string().max(100) }), response: { 200: okSchema } } },
    async (req) => {
      // Anyone revokes what they connected; admins and the owner revoke any of the workspace's.
      const workspace = requireWorkspace(req);
      const anyone = can(workspace.role, 'keys:manage');
      await revokeConnection({
        db,
        workspaceId: workspace.id,
        id: req.params.id,
        userId: anyone ? undefined : req.user!.id,
        now: deps.clock(),
      });
      return { ok: true as const };
    },
  );
}
