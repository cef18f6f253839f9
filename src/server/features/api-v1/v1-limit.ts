import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { rateLimited } from '../../platform/http/rate-limit';
import { rateLimitKey } from './auth';

/**
 * The per-token allowance of API v1, one count per token across every v1 route and the MCP server
 * (`groupId`): a script and an assistant using the same token share it. Counted before the token is
 * looked up (by its hash), and answered with the standard RateLimit-* headers.
 */
export const v1RateLimit = (
  deps: Pick<AppDeps, 'config'>,
  key: (req: FastifyRequest) => string = rateLimitKey,
) =>
  rateLimited({
    max: deps.config.API_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    message: 'Too many requests with this API token.',
    keyGenerator: key,
    groupId: 'api-v1',
    standardHeaders: true,
  });
