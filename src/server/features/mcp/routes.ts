import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_SCOPES } from '../../../shared/api-tokens';
import { MCP_PATH } from '../../../shared/mcp';
import type { AppDeps } from '../../platform/deps';
import { csvFileResponse } from '../../platform/http/csv-response';
import { AppError, errorBody } from '../../platform/http/errors';
import { linkOrigin } from '../../platform/http/public-origin';
import type { AppInstance } from '../../platform/http/types';
import { bearerOf, tokenCaller, v1RateLimit } from '../api-v1';
import { sendUploadExport } from '../lists';
import { rememberClient } from './clients';
import { EXPORT_LINK_PATH, redeemExportLink } from './export-links';
import { oauthCaller } from './oauth/caller';
import { mcpOauthRoutes } from './oauth/routes';
import { ACCESS_PREFIX } from './oauth/tokens';
import { buildMcpServer } from './server';
import type { McpCaller } from './tool';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

const originOf = (req: FastifyRequest, deps: AppDeps) =>
  linkOrigin(req, deps.config) ?? `${req.protocol}://${req.host}`;

/** The bearer credential of an MCP request: an OAuth access token (`vlo_`) or an API token. */
async function callerOf(req: FastifyRequest, deps: AppDeps): Promise<McpCaller> {
  const token = bearerOf(req);
  if (token?.startsWith(ACCESS_PREFIX)) {
    return oauthCaller({ deps, token, resource: `${originOf(req, deps)}${MCP_PATH}` });
  }
  const c = await tokenCaller(deps, token);
  return { user: c.user, workspace: c.workspace, scopes: c.scopes, credential: `api:${c.tokenId}` };
}

interface RpcBody {
  method?: unknown;
  params?: { name?: unknown; clientInfo?: { name?: unknown; version?: unknown } };
}

/** The MCP server at /mcp (Streamable HTTP, stateless) and the public files and links around it. */
export async function mcpRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = originOf(req, deps);
    let caller: McpCaller;
    try {
      caller = await callerOf(req, deps);
    } catch (err) {
      // RFC 9728: the 401 names where a client learns how to get a token.
      if (err instanceof AppError && err.code === 'unauthorized') {
        reply.header('WWW-Authenticate', `Bearer resource_metadata="${origin}${PROTECTED_RESOURCE_PATH}"`);
      }
      throw err;
    }
    const body = (req.body ?? {}) as RpcBody;
    if (body.method === 'initialize' && typeof body.params?.clientInfo?.name === 'string') {
      await rememberClient({
        db,
        credential: caller.credential,
        workspaceId: caller.workspace.id,
        name: body.params.clientInfo.name,
        version:
          typeof body.params.clientInfo.version === 'string' ? body.params.clientInfo.version : undefined,
        now: deps.clock(),
      });
    }
    const calling =
      body.method === 'tools/call' && typeof body.params?.name === 'string' ? body.params.name : undefined;
    const server = buildMcpServer({ deps, caller, origin, calling, log: req.log });
    // Stateless: no session id, a new server and transport per request, closed with the response.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.hijack();
    // Headers set so far (the rate limit's) are Fastify's until written: hand them to the raw response.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    }
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  };

  const limited = { config: { csrfExempt: true, ...v1RateLimit(deps) }, schema: { hide: true } };
  app.post(MCP_PATH, { ...limited, bodyLimit: 8 * 1024 * 1024 }, handle);
  // A stateless server has no stream of its own to offer, and no session to end.
  const noStream = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('Allow', 'POST')
      .send(errorBody('This MCP server is stateless: send JSON-RPC requests with POST.'));
  app.get(MCP_PATH, { schema: { hide: true } }, noStream);
  app.delete(MCP_PATH, { schema: { hide: true } }, noStream);

  // RFC 9728: what this resource is and which authorization server issues its tokens.
  const resourceMetadata = async (req: FastifyRequest) => {
    const origin = originOf(req, deps);
    return {
      resource: `${origin}${MCP_PATH}`,
      authorization_servers: [origin],
      bearer_methods_supported: ['header'],
      scopes_supported: [...API_SCOPES],
      resource_name: 'Verilead MCP server',
      resource_documentation: `${origin}/help#ai-assistants`,
    };
  };
  app.get(PROTECTED_RESOURCE_PATH, { schema: { hide: true } }, resourceMetadata);
  app.get(`${PROTECTED_RESOURCE_PATH}${MCP_PATH}`, { schema: { hide: true } }, resourceMetadata);

  await mcpOauthRoutes(app, deps, (req) => originOf(req, deps));

  r.get(
    `${EXPORT_LINK_PATH}/:token`,
    {
      schema: {
        tags: ['mcp'],
        summary: 'Download the CSV behind an export_list link (no sign-in; the link expires)',
        params: z.object({ token: z.string().max(100) }),
        response: { 200: csvFileResponse('The list as CSV (UTF-8 with a BOM)') },
      },
    },
    async (req, reply) => {
      const now = deps.clock();
      const link = await redeemExportLink({ db, token: req.params.token, now });
      return sendUploadExport(reply, {
        db,
        config: deps.config,
        now,
        workspaceId: link.workspaceId,
        uploadId: link.listId,
        type: link.exportType as 'all',
        minScore: link.minScore ?? undefined,
      });
    },
  );
}
