import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { estimateUploadBodySchema, listEstimateSchema } from '../../../shared/credits';
import { startVerificationResponseSchema } from '../../../shared/lists';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { processProber } from '../prober';
import { requirePermission } from '../workspaces';
import { estimateList } from './estimate';
import { verifyAgain } from './start';

// What a list costs (decision 0890): its free estimate before a run, and "verify again now" after one.

export async function listsCreditRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['lists'];
  const idParams = z.object({ id: z.string().max(100) });
  const started = { 200: startVerificationResponseSchema };

  r.post(
    '/api/upload/:id/estimate',
    {
      schema: {
        tags,
        summary: 'A free estimate of the breakdown and credits before verifying',
        params: idParams,
        body: estimateUploadBodySchema,
        response: { 200: listEstimateSchema },
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
        uploadId: req.params.id,
        now: deps.clock(),
        waitMs: req.body?.waitMs,
      }),
  );

  r.post(
    '/api/verify/:id/again',
    {
      schema: {
        tags,
        summary: 'Verify again now the rows answered from recent results (charged)',
        params: idParams,
        response: started,
      },
    },
    async (req) =>
      verifyAgain({
        db,
        queue: deps.queue,
        settings: deps.config,
        workspace: requirePermission(req, 'lists:verify'),
        uploadId: req.params.id,
        now: deps.clock(),
      }),
  );
}
