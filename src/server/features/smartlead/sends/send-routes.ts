import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLeadsSchema,
  campaignSchema,
  createCampaignSchema,
  sendableListSchema,
  sendProgressSchema,
  uncheckedDecisionSchema,
} from '../../../../shared/smartlead';
import type { AppDeps } from '../../../platform/deps';
import { notFound } from '../../../platform/http/errors';
import type { AppInstance } from '../../../platform/http/types';
import { assertHasAccess } from '../../billing';
import { requirePermission, requireWorkspace } from '../../workspaces';
import { findCampaign, sendProgress } from '../campaigns/campaigns';
import type { RemoteCache } from '../campaigns/list';
import { smartleadCall } from '../connection/errors';
import { addLeadsToCampaign } from './add-leads';
import { leadsOfSelection } from './leads';
import { decideUnchecked } from './recheck-decision';
import { sendableGroups } from './sendable';
import { startCampaignSend } from './start';

const tags = ['smartlead'];

/** Sends: what can be sent, a new campaign's send, more leads for a campaign, a send's progress and held leads. */
export async function smartleadSendRoutes(app: AppInstance, deps: AppDeps, cache: RemoteCache) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock, sleep } = deps;

  r.get(
    '/api/smartlead/verified-emails',
    { schema: { tags, response: { 200: sendableListSchema } } },
    async (req) =>
      sendableGroups({
        db,
        workspaceId: requireWorkspace(req).id,
        now: clock(),
        reverifyAfterDays: config.REVERIFY_AFTER_DAYS,
      }),
  );

  r.post(
    '/api/smartlead/create-campaign',
    {
      // The body names lists and rows (decision 0935): 50,000 row ids stay well under the 1 MB app limit.
      schema: {
        tags,
        body: createCampaignSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        response: { 200: campaignSchema, 201: campaignSchema },
      },
    },
    async (req, reply) => {
      const workspace = requirePermission(req, 'campaigns:send');
      const { uploadIds, rowIds, includeRisky, ...input } = req.body;
      const { campaign, created } = await smartleadCall(reply, () =>
        startCampaignSend({
          db,
          config,
          queue: deps.queue,
          clock,
          workspace,
          input,
          leads: () =>
            leadsOfSelection({
              db,
              workspaceId: workspace.id,
              selection: { uploadIds, rowIds, includeRisky },
            }),
          idempotencyKey: req.headers['idempotency-key'],
          sleep,
        }),
      );
      if (created) cache.invalidate(workspace.id);
      return reply.code(created ? 201 : 200).send(campaign);
    },
  );

  r.post(
    '/api/smartlead/campaigns/:id/leads',
    {
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        body: addLeadsSchema,
        response: { 202: z.object({ added: z.number() }) },
      },
    },
    async (req, reply) => {
      const workspace = requirePermission(req, 'campaigns:send');
      await assertHasAccess({ db, workspace, now: clock() });
      const { bounceBudget, ...selection } = req.body;
      const out = await addLeadsToCampaign({
        db,
        queue: deps.queue,
        workspaceId: workspace.id,
        id: req.params.id,
        emails: await leadsOfSelection({ db, workspaceId: workspace.id, selection }),
        bounceBudget,
        now: clock(),
      });
      cache.invalidate(workspace.id);
      return reply.code(202).send(out);
    },
  );

  r.get(
    '/api/smartlead/sends/:id',
    { schema: { tags, params: z.object({ id: z.string() }), response: { 200: sendProgressSchema } } },
    async (req) => {
      const row = await findCampaign({ db, workspaceId: requireWorkspace(req).id, id: req.params.id });
      if (!row) throw notFound('Send not found');
      return sendProgress(row);
    },
  );

  r.post(
    '/api/smartlead/sends/:id/unchecked',
    {
      schema: {
        tags,
        summary: 'Hold back, or send on their earlier verdict, the leads a re-check could not ask about',
        params: z.object({ id: z.string() }),
        body: uncheckedDecisionSchema,
        response: { 200: sendProgressSchema },
      },
    },
    async (req) =>
      decideUnchecked({
        db,
        queue: deps.queue,
        clock,
        workspaceId: requirePermission(req, 'campaigns:send').id,
        sendId: req.params.id,
        action: req.body.action,
      }),
  );
}
