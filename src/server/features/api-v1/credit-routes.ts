import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, apiListSchema, listIdParamsSchema, toApiList } from '../../../shared/api-v1';
import { estimateBodySchema, listEstimateSchema } from '../../../shared/credits';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { estimateList, getUploadStatus, verifyAgain } from '../lists';
import { processProber } from '../prober';
import { requirePermission } from '../workspaces';
import { errors, RATE_NOTE, security, TAGS, type V1RouteConfig } from './v1-scope';

// What a list costs through API v1 (decision 0890): a free estimate before creating it, and "verify
// again now" for the rows a list answered from recent results.
export function apiV1CreditRoutes(app: AppInstance, deps: AppDeps, config: V1RouteConfig) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/lists/estimate',
    {
      config: config('lists:write'),
      schema: {
        tags: TAGS,
        security,
        summary: 'A free estimate of a list before creating it: breakdown and credits',
        description:
          'Checks every address without asking any mail server (syntax, domain, MX, disposable, role), asks a ' +
          'small sample (at most 20) of the rest through the normal prober, and forecasts how many rows end in ' +
          'each group and how many credits the list would take. What needs no mail server is exact (`known`); ' +
          'only the forecast of the rest (`smtp`) has a 95% interval. Addresses your ' +
          'workspace verified within its re-verification window count as free. Nothing is stored or charged.' +
          RATE_NOTE,
        body: estimateBodySchema,
        response: { 200: listEstimateSchema, 502: apiErrorSchema, ...errors },
      },
    },
    async (req) =>
      estimateList({
        db,
        verifier: processProber({
          config: deps.config,
          database: deps.database,
          log: req.log,
          sleep: deps.sleep,
          metrics: deps.metrics,
        }),
        workspaceId: requirePermission(req, 'lists:verify').id,
        emails: req.body.emails,
        now: deps.clock(),
        waitMs: req.body.waitMs,
      }),
  );

  r.post(
    '/lists/:id/verify-again',
    {
      config: config('lists:write'),
      schema: {
        tags: TAGS,
        security,
        summary: 'Verify again now the rows answered from recent results (charged)',
        description:
          "Rows a list answered for free from your workspace's recent answers (reusedAt set) are checked " +
          `afresh, and their definite answers charged. A list still running answers started: false.${RATE_NOTE}`,
        params: listIdParamsSchema,
        response: { 200: apiListSchema, 402: apiErrorSchema, ...errors },
      },
    },
    async (req) => {
      const workspace = requirePermission(req, 'lists:verify');
      const now = deps.clock();
      await verifyAgain({
        db,
        queue: deps.queue,
        settings: deps.config,
        workspace,
        uploadId: req.params.id,
        now,
      });
      return toApiList(
        await getUploadStatus({ db, workspaceId: workspace.id, uploadId: req.params.id, now }),
      );
    },
  );
}
