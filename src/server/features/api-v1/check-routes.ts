import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { singleCheckBodySchema, verifyDoneSchema, verifyPendingSchema } from '../../../shared/api-v1';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission } from '../workspaces';
import { verifyOne } from './verify-one';

/**
 * The single-address check of the home and results screens (decision 0220): the API's `verifyOne` behind the
 * session, so the answer, the metering and the one-row list it leaves are the API's own.
 */
export async function singleCheckRoutes(app: AppInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/verify-email',
    {
      schema: {
        tags: ['lists'],
        body: singleCheckBodySchema,
        response: { 200: verifyDoneSchema, 202: verifyPendingSchema },
      },
    },
    async (req, reply) => {
      const res = await verifyOne({
        db: deps.database.db,
        queue: deps.queue,
        config: deps.config,
        workspace: requirePermission(req, 'lists:verify'),
        now: deps.clock(),
        email: req.body.email,
      });
      return reply.code(res.status).send(res.body);
    },
  );
}
