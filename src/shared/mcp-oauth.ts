import { z } from 'zod';

// OAuth 2.1 for the MCP server (decision 0880): the consent screen's contracts and the connections
// listed in Settings → AI assistants.

/** The web page that asks for consent (the authorization endpoint of the metadata). */
export const OAUTH_AUTHORIZE_PATH = '/oauth/authorize';

/** The authorization request's parameters, as the client put them in the consent page's address. */
export const authorizeRequestSchema = z.object({
  response_type: z.literal('code', { message: 'Only response_type=code is supported' }),
  client_id: z.string().min(1, 'client_id is missing').max(200),
  redirect_uri: z.string().min(1, 'redirect_uri is missing').max(2000),
  code_challenge: z
    .string({ message: 'PKCE is required: send a code_challenge' })
    .min(43, 'code_challenge is too short')
    .max(128),
  code_challenge_method: z.literal('S256', { message: 'Only code_challenge_method=S256 is supported' }),
  scope: z.string().max(500).optional(),
  state: z.string().max(1000).optional(),
  resource: z.string().max(2000).optional(),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

export const consentViewSchema = z.object({
  clientName: z.string(),
  redirectHost: z.string(),
  workspace: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.object({ scope: z.string(), label: z.string() })),
});
export type ConsentView = z.infer<typeof consentViewSchema>;

export const consentDecisionSchema = authorizeRequestSchema.extend({
  approve: z.boolean(),
  /** The scopes the person left ticked: a part of those asked for (unset: all of them). */
  granted: z.array(z.string().max(40)).max(20).optional(),
});
export const consentAnswerSchema = z.object({ redirectTo: z.string() });

export const mcpConnectionSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  scopes: z.array(z.string()),
  userId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type McpConnection = z.infer<typeof mcpConnectionSchema>;
export const mcpConnectionListSchema = z.object({
  connections: z.array(mcpConnectionSchema),
  /** The MCP server's address for this app (what assistants are given). */
  serverUrl: z.string(),
});
export type McpConnectionList = z.infer<typeof mcpConnectionListSchema>;
