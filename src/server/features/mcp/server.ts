import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { recordActivity } from '../workspaces';
import { clientNameOf } from './clients';
import { type McpCaller, type McpTool, refusalText, type ToolContext } from './tool';
import { accountTools } from './tools/account';
import { creditTools } from './tools/credits';
import { listTools } from './tools/lists';
import { resultTools } from './tools/results';
import { sendingTools } from './tools/sending';

/** Every tool of the server, in the order a client lists them. */
export const MCP_TOOLS: McpTool[] = [
  ...listTools,
  ...creditTools,
  ...resultTools,
  ...sendingTools,
  ...accountTools,
];

const INSTRUCTIONS =
  'Verilead verifies email addresses, finds work addresses from a name and a company, checks sending domains ' +
  'and sends verified lists to Smartlead. Long work (lists, bulk finds) answers at once with an id: follow it ' +
  'with get_list or get_find. send_to_smartlead is a dry run unless dryRun is false: show its answer to the ' +
  'user before sending for real.';

const refusal = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/**
 * One MCP server for one HTTP request (stateless: any process answers any request). Only the tools the
 * credential's scopes allow are listed; a tool outside them, called by name anyway (`calling`), is
 * registered just to answer a tool error naming the scope it needs.
 */
export function buildMcpServer(opts: {
  deps: AppDeps;
  caller: McpCaller;
  origin: string;
  calling?: string;
  log: FastifyBaseLogger;
}): McpServer {
  const { deps, caller } = opts;
  const server = new McpServer(
    { name: 'verilead', title: 'Verilead', version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of MCP_TOOLS) {
    const allowed = caller.scopes.includes(tool.scope);
    if (!allowed && tool.name !== opts.calling) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (input: unknown, extra) => {
        if (!allowed) {
          return refusal(
            `This credential lacks the "${tool.scope}" scope that ${tool.name} needs. Ask the user to create an ` +
              `API token with it (Settings → API tokens) or to connect the assistant again granting it.`,
          );
        }
        const progressToken = extra._meta?.progressToken;
        const ctx: ToolContext = {
          deps,
          caller,
          origin: opts.origin,
          log: opts.log,
          progress: async (progress, total, message) => {
            if (progressToken === undefined) return;
            await extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress, total, message },
              })
              .catch(() => {});
          },
        };
        let ok = false;
        try {
          const out = await tool.run(ctx, input as never);
          ok = true;
          return {
            content: [{ type: 'text', text: out.text }],
            structuredContent: out.data as Record<string, unknown>,
          };
        } catch (err) {
          const text = refusalText(err);
          if (text) return refusal(text);
          opts.log.error({ err, tool: tool.name }, 'mcp tool failed');
          return refusal(
            'Something went wrong on our side. Try again in a minute; if it keeps failing, tell the user.',
          );
        } finally {
          await record(deps, caller, tool.name, ok);
        }
      },
    );
  }
  return server;
}

/** Each call in the workspace's activity log, with the tool and the client that called it. */
async function record(deps: AppDeps, caller: McpCaller, tool: string, ok: boolean) {
  const db = deps.database.db;
  try {
    const client = await clientNameOf(db, caller.credential);
    await recordActivity(db, {
      workspaceId: caller.workspace.id,
      userId: caller.user.id,
      action: 'mcp.tool_called',
      target: tool,
      detail: { via: 'mcp', tool, client: client ?? 'unknown client', ok },
      now: deps.clock(),
    });
  } catch {
    // The log never fails the call it records.
  }
}
