// The MCP suites' client: the SDK's own Client over Streamable HTTP against an app listening on loopback.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';

/** Starts the app on a free loopback port (once) and answers its /mcp URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** A connected SDK client sending `Authorization: Bearer <token>` (or the headers given). */
export async function connectMcp(
  url: string,
  opts: { token?: string; headers?: Record<string, string>; name?: string } = {},
) {
  const headers = opts.headers ?? (opts.token ? { Authorization: `Bearer ${opts.token}` } : {});
  const client = new Client({ name: opts.name ?? 'vitest-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Calls a tool and answers its result (structured content, text, whether it is an error). */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = res.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { isError: Boolean(res.isError), text, data: res.structuredContent as any };
}
