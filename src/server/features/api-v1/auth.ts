import type { FastifyRequest } from 'fastify';
import type { ApiScope } from '../../../shared/api-tokens';
import { PLAN_TABLE } from '../../../shared/plans';
import { sha256 } from '../../platform/crypto/tokens';
import type { AppDeps } from '../../platform/deps';
import { AppError, unauthorized } from '../../platform/http/errors';
import { findTokenHolder, markTokenUsed } from '../auth';
import { planState } from '../billing';
import type { WorkspaceContext } from '../workspaces';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token a v1 request was made with. */
    apiTokenId?: string;
  }
  interface FastifyContextConfig {
    /** API v1: the scope a token needs for this route. */
    apiScope?: ApiScope;
  }
}

/** The bearer token of a request, if it carries one. */
export const bearerOf = (req: FastifyRequest) =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

/** Who a valid API token acts as: its creator, in its workspace, with the token's scopes. */
export interface TokenCaller {
  user: NonNullable<FastifyRequest['user']>;
  workspace: WorkspaceContext;
  tokenId: string;
  scopes: string[];
}

/**
 * The caller behind an API token (API v1 and the MCP server): a 401 for a missing, unknown or revoked
 * token or one whose creator left its workspace, a 403 when the workspace's plan has no API access
 * (the one rule of shared/plans.ts: White Label, paid or in its trial). Marks the token as used.
 */
export async function tokenCaller(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  token: string | null,
) {
  if (!token) throw unauthorized('Send an API token as `Authorization: Bearer <token>`.');
  const { db } = deps.database;
  const holder = await findTokenHolder(db, token);
  if (!holder) throw unauthorized('Invalid or revoked API token.');
  const { workspace } = holder;
  if (!workspace) {
    throw unauthorized('This API token no longer works: its creator is not a member of its workspace.');
  }
  await assertApiPlan(deps, workspace);
  await markTokenUsed(db, holder.tokenId, deps.clock());
  return { user: holder.user, workspace, tokenId: holder.tokenId, scopes: holder.scopes } as TokenCaller;
}

/** The workspace's plan includes API access (API v1, the MCP server), else a 403 saying which plan does. */
export async function assertApiPlan(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  workspace: WorkspaceContext,
): Promise<void> {
  const plan = await planState({ db: deps.database.db, config: deps.config, workspace, now: deps.clock() });
  if (plan.apiAccess) return;
  const name = PLAN_TABLE.whitelabel.name;
  throw new AppError(
    'forbidden',
    plan.plan === 'whitelabel'
      ? `Your ${name} trial has ended: subscribe to ${name} to use the API again.`
      : `API access is part of the ${name} plan. Your ${plan.planName} plan does not include it.`,
    { plan: plan.plan, upgradePlan: 'whitelabel', upgradeUrl: '/subscribe?plan=whitelabel' },
  );
}

/**
 * API v1 authentication: an API token (never the session cookie, so CSRF cannot apply) with the route's
 * scope. The token acts in its workspace with its creator's role there. A creator's tokens in a workspace
 * are deleted when they leave it or are removed (team-members.ts), and a password reset deletes them
 * unless declined; revoked tokens are deleted, so they fail like unknown ones.
 */
export async function authenticateApiRequest(req: FastifyRequest, deps: AppDeps): Promise<void> {
  const caller = await tokenCaller(deps, bearerOf(req));
  const scope = req.routeOptions.config.apiScope;
  if (scope && !caller.scopes.includes(scope)) {
    throw new AppError('forbidden', `This API token lacks the "${scope}" scope.`, { requiredScope: scope });
  }
  req.user = caller.user;
  req.workspace = caller.workspace;
  req.authKind = 'bearer';
  req.apiTokenId = caller.tokenId;
}

/** Rate-limit bucket: the token (by its hash, known before any database call), else the address. */
export const rateLimitKey = (req: FastifyRequest) => {
  const token = bearerOf(req);
  return token ? `api-token:${sha256(token)}` : `api-ip:${req.ip}`;
};
