import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
} from '../../../shared/webhooks';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { productNameFor } from '../branding';
import { requirePermission, requireWorkspace } from '../workspaces';
import { sendTestEvent } from './emit';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  toDelivery,
} from './endpoints';
import { assertWebhooksAllowed } from './plan-gate';

const idParams = z.object({ id: z.string().max(100) });

/** Webhook settings of the workspace (the usage screen); changing them is for admins: endpoints, test events, delivery log. */
export async function webhookRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['webhooks'];

  r.get('/api/webhooks', { schema: { tags, response: { 200: webhookEndpointListSchema } } }, async (req) =>
    listWebhookEndpoints({ db, workspaceId: requireWorkspace(req).id }),
  );

  r.post(
    '/api/webhooks',
    { schema: { tags, body: createWebhookSchema, response: { 201: createdWebhookSchema } } },
    async (req, reply) => {
      const workspaceId = requirePermission(req, 'keys:manage').id;
      await assertWebhooksAllowed({ db, config: deps.config, workspaceId, now: deps.clock() });
      const created = await createWebhookEndpoint({
        db,
        config: deps.config,
        workspaceId,
        input: req.body,
        now: deps.clock(),
      });
      return reply.code(201).send(created);
    },
  );

  const deleted = { 204: z.null().describe('Deleted (no body)') };
  r.delete(
    '/api/webhooks/:id',
    { schema: { tags, params: idParams, response: deleted } },
    async (req, reply) => {
      await deleteWebhookEndpoint({
        db,
        workspaceId: requirePermission(req, 'keys:manage').id,
        endpointId: req.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/webhooks/:id/test',
    { schema: { tags, params: idParams, response: { 202: webhookDeliverySchema } } },
    async (req, reply) => {
      const workspaceId = requirePermission(req, 'keys:manage').id;
      await assertWebhooksAllowed({ db, config: deps.config, workspaceId, now: deps.clock() });
      const row = await sendTestEvent({
        db,
        queue: deps.queue,
        workspaceId,
        endpointId: req.params.id,
        productName: await productNameFor({ db, config: deps.config, now: deps.clock(), workspaceId }),
      });
      return reply.code(202).send(toDelivery(row));
    },
  );

  r.get(
    '/api/webhooks/:id/deliveries',
    { schema: { tags, params: idParams, response: { 200: webhookDeliveryListSchema } } },
    async (req) => listDeliveries({ db, workspaceId: requireWorkspace(req).id, endpointId: req.params.id }),
  );
}
