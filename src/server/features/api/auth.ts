import type { FastifyRequest } from 'fastify';
import type { ApiScope } from '../../../shared/api-tokens';
import { PLAN_TABLE } from '../../../shared/plans';
import { sha256 } from '../../platform/crypto/tokens';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { findTokenHolder, markTokenUsed } from '../auth/request-user';
import { planState } from '../billing/plans';

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

const unauthorized = (message: string) => new AppError('unauthorized', message);

/**
 * API v1 authentication: an API token (never the session cookie, so CSRF cannot apply), with the
 * route's scope, of a workspace whose plan includes API access (the one rule of shared/plans.ts: White
 * Label, paid or in its trial). The token acts in its workspace with its creator's role there. A
 * creator's tokens in a workspace are deleted when they leave it or are removed (team-members.ts), and a
 * password reset deletes them unless declined; a token whose creator is somehow not a member stays dead
 * here too. Revoked tokens are deleted, so they fail like unknown ones. Marks the token as used.
 */
export async function authenticateApiRequest(req: FastifyRequest, deps: AppDeps): Promise<void> {
  const token = bearerOf(req);
  if (!token) throw unauthorized('Send an API token as `Authorization: Bearer <token>`.');
  const { db } = deps.database;
  const holder = await findTokenHolder(db, token);
  if (!holder) throw unauthorized('Invalid or revoked API token.');
  const { workspace } = holder;
  if (!workspace) {
    throw unauthorized('This API token no longer works: its creator is not a member of its workspace.');
  }
  const scope = req.routeOptions.config.apiScope;
  if (scope && !holder.scopes.includes(scope)) {
    throw new AppError('forbidden', `This API token lacks the "${scope}" scope.`, { requiredScope: scope });
  }
  const now = deps.clock();
  const plan = await planState({ db, config: deps.config, workspace, now });
  if (!plan.apiAccess) {
    const name = PLAN_TABLE.whitelabel.name;
    throw new AppError(
      'forbidden',
      plan.plan === 'whitelabel'
        ? `Your ${name} trial has ended: subscribe to ${name} to use the API again.`
        : `API access is part of the ${name} plan. Your ${plan.planName} plan does not include it.`,
      { plan: plan.plan, upgradePlan: 'whitelabel', upgradeUrl: '/subscribe?plan=whitelabel' },
    );
  }
  await markTokenUsed(db, holder.tokenId, now);
  req.user = holder.user;
  req.workspace = workspace;
  req.authKind = 'bearer';
  req.apiTokenId = holder.tokenId;
}

/** Rate-limit bucket: the token (by its hash, known before any database call), else the address. */
export const rateLimitKey = (req: FastifyRequest) => {
  const token = bearerOf(req);
  return token ? `api-token:${sha256(token)}` : `api-ip:${req.ip}`;
};
