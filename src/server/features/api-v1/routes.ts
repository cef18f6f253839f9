import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiScope } from '../../../shared/api-tokens';
import {
  API_V1_PREFIX,
  apiErrorSchema,
  verifyBodySchema,
  verifyDoneSchema,
  verifyPendingSchema,
} from '../../../shared/api-v1';
import { usageResponseSchema } from '../../../shared/usage';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { usageSummary } from '../usage';
import { requirePermission, requireWorkspace } from '../workspaces';
import { authenticateApiRequest } from './auth';
import { apiV1CreditRoutes } from './credit-routes';
import { creditsHeaders } from './credits';
import { apiV1DeliverabilityRoutes } from './deliverability-routes';
import { apiV1FindRoutes } from './find-routes';
import { apiV1ListControlRoutes } from './list-control-routes';
import { apiV1ListRoutes } from './list-routes';
import { v1RateLimit } from './v1-limit';
import { errors, RATE_NOTE, security, TAGS } from './v1-scope';
import { verifyOne } from './verify-one';

/** API v1 (decision 0600): bearer API tokens, scoped, rate limited per token; the web's tenancy rules. */
export async function apiV1Routes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  await app.register(
    async (scope) => {
      scope.addHook('preHandler', async (req) => authenticateApiRequest(req, deps));
      // What is left of the month's credits, on every answer to a token that was recognised.
      scope.addHook('onSend', async (req, reply, payload) => {
        if (req.workspace && req.apiTokenId) reply.headers(await creditsHeaders(deps, req.workspace));
        return payload;
      });
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const config = (apiScope: ApiScope) => ({
        csrfExempt: true,
        apiScope,
        ...v1RateLimit(deps),
      });
      r.get(
        '/usage',
        {
          config: config('lists:read'),
          schema: {
            tags: TAGS,
            security,
            summary:
              "The workspace's usage: this month's counters, and the probes spent and left this hour and today",
            response: { 200: usageResponseSchema, ...errors },
          },
        },
        async (req) =>
          usageSummary({
            db,
            config: deps.config,
            workspace: requireWorkspace(req),
            now: deps.clock(),
          }),
      );
      apiV1ListRoutes(scope, deps, config);
      apiV1FindRoutes(scope, deps, config);
      apiV1DeliverabilityRoutes(scope, deps, config);
      apiV1CreditRoutes(scope, deps, config);
      apiV1ListControlRoutes(scope, deps, {
        routeConfig: config('lists:write'),
        tags: TAGS,
        security,
        errors,
        note: RATE_NOTE,
      });

      r.post(
        '/verify',
        {
          config: config('verify'),
          schema: {
            tags: TAGS,
            security,
            summary: 'Verify one address (both steps), waiting up to a timeout',
            description:
              'Answers 200 `{status: "done", result}` with the same row object as the results, or 202 ' +
              '`{status: "pending", listId, retryAfterSeconds}` when both steps did not finish within timeoutMs ' +
              '(default API_VERIFY_TIMEOUT_MS): poll GET /api/v1/lists/{listId}/results. Counts as one ' +
              `verification (a one-row list).${RATE_NOTE}`,
            body: verifyBodySchema,
            response: {
              200: verifyDoneSchema,
              202: verifyPendingSchema,
              402: apiErrorSchema,
              502: apiErrorSchema,
              ...errors,
            },
          },
        },
        async (req, reply) => {
          const res = await verifyOne({
            db,
            queue: deps.queue,
            config: deps.config,
            workspace: requirePermission(req, 'lists:verify'),
            now: deps.clock(),
            email: req.body.email,
            timeoutMs: req.body.timeoutMs,
          });
          if (res.status === 202) reply.header('Retry-After', String(res.body.retryAfterSeconds));
          return reply.code(res.status).send(res.body);
        },
      );
    },
    { prefix: API_V1_PREFIX },
  );
}
