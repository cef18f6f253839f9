import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ApiScope } from '../../../shared/api-tokens';
import { can, PERMISSIONS, type Permission } from '../../../shared/workspaces';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import type { UserRow } from '../auth';
import type { WorkspaceContext } from '../workspaces';

/** Who calls a tool: the credential's person, in its workspace, with its scopes. */
export interface McpCaller {
  user: UserRow;
  workspace: WorkspaceContext;
  scopes: string[];
  /** `api:<token id>` or `oauth:<grant id>`: the key of the client name and of the rate limit. */
  credential: string;
}

/** What a tool's work gets besides its input. */
export interface ToolContext {
  deps: AppDeps;
  caller: McpCaller;
  /** The app's public origin (links it hands out). */
  origin: string;
  /** The request's log (the prober reports what it asks through it). */
  log: FastifyBaseLogger;
  /** Reports progress when the client asked for it (a progress token); a no-op otherwise. */
  progress: (done: number, total: number, message?: string) => Promise<void>;
}

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface McpTool<I extends ObjectSchema = ObjectSchema, O extends ObjectSchema = ObjectSchema> {
  name: string;
  title: string;
  /** What it does, when to use it and what comes back, for a model to act on. */
  description: string;
  /** The token scope it needs: outside it the tool is not listed, and a call is a tool error naming it. */
  scope: ApiScope;
  input: I;
  output: O;
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
  run: (ctx: ToolContext, input: z.output<I>) => Promise<{ data: z.input<O>; text: string }>;
}

/** Builds a tool with its input and output types tied to its schemas. */
export const defineTool = <I extends ObjectSchema, O extends ObjectSchema>(t: McpTool<I, O>) =>
  t as unknown as McpTool;

/** The caller's workspace when their role there allows the action; the same rule and words as the routes. */
export function permitted(caller: McpCaller, permission: Permission): WorkspaceContext {
  const { workspace } = caller;
  if (can(workspace.role, permission)) return workspace;
  const least = PERMISSIONS[permission];
  throw new AppError(
    'forbidden',
    `Your role in ${workspace.name} (${workspace.role}) does not allow this. Ask ${least === 'owner' ? 'the owner' : 'an admin or the owner'} of the workspace.`,
  );
}

/** A tool's refusal that the model can act on: the reason, then what to do about it. */
export class ToolRefusal extends Error {}

const NEXT_STEP: Partial<Record<AppError['code'], string>> = {
  bad_request: 'Correct the input and call the tool again.',
  unprocessable: 'Correct the input and call the tool again.',
  payment_required:
    'Tell the user: get_usage shows what is left and when it resets; upgrading the plan lifts the limit.',
  not_found:
    'Check the id: it must come from this workspace (list ids from start_list_verification or verify_emails, find ids from find_email or find_emails).',
  forbidden: 'Tell the user; this cannot be done with these credentials.',
  conflict: 'Tell the user what blocks it; do not retry unchanged.',
  rate_limited: 'Wait the time given, then call again.',
  upstream_failed: 'This is on our side or the provider’s: try again in a minute.',
  not_configured: 'This is on our side: tell the user it is not available on this server.',
};

/** The one plain sentence (and next step) a tool error carries; never a stack or a secret. */
export function refusalText(err: unknown): string | null {
  if (err instanceof ToolRefusal) return err.message;
  if (err instanceof AppError) {
    const next = NEXT_STEP[err.code];
    return next ? `${err.message} ${next}` : err.message;
  }
  return null;
}
