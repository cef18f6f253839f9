import type { ApiScope } from '../../../shared/api-tokens';
import { apiErrorSchema } from '../../../shared/api-v1';

// What every route of the v1 scope shares: its documentation's tags, security and errors, the rate
// note appended to each description, and (built by routes.ts) the per-route config.

export const TAGS = ['api v1'];
export const security = [{ bearerAuth: [] }];
export const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
export const RATE_NOTE =
  ' Rate limited per token (API_RATE_LIMIT_PER_MINUTE, default 120 a minute): beyond it, 429 with a Retry-After header in seconds.';

/** A route's config in the v1 scope: the token scope it needs, and the per-token rate limit. */
export type V1RouteConfig = (apiScope: ApiScope) => object;
