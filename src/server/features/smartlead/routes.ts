import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityQuerySchema, activityResponseSchema } from '../../../shared/campaign-activity';
import {
  campaignListSchema,
  campaignSchema,
  createCampaignSchema,
  saveSettingsSchema,
  sendableListSchema,
  sendProgressSchema,
  settingsSchema,
  testResultSchema,
  uncheckedDecisionSchema,
} from '../../../shared/smartlead';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition, csvFileResponse, sendCsv } from '../../platform/http/csv-response';
import { notFound } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace } from '../workspaces';
import { smartleadAutomationRoutes } from './campaigns/automation-routes';
import { findCampaign, sendProgress } from './campaigns/campaigns';
import { createRemoteCache, listCampaigns } from './campaigns/list';
import { smartleadCall } from './connection/errors';
import { getSettings, saveApiKey } from './connection/settings';
import { activityCsv, activityOverTime } from './events/activity';
import { smartleadEventRoutes } from './events/events-routes';
import { smartleadMailboxRoutes } from './mailboxes/mailbox-routes';
import { smartleadReplyRoutes } from './replies/replies-routes';
import { leadsOfSelection } from './sends/leads';
import { decideUnchecked } from './sends/recheck-decision';
import { sendableGroups } from './sends/sendable';
import { startCampaignSend } from './sends/start';
import { testConnection } from './test-connection';

const tags = ['smartlead'];

export async function smartleadRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock, sleep } = deps;
  const cache = createRemoteCache();

  r.get(
    '/api/smartlead/activity',
    {
      schema: {
        tags,
        summary: 'Sent, opened, clicked, replied and bounced per day, for a campaign or the workspace',
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema },
      },
    },
    async (req) => activityOverTime({ db, workspaceId: requireWorkspace(req).id, query: req.query }),
  );

  r.get(
    '/api/smartlead/activity/export',
    {
      schema: {
        tags,
        querystring: activityQuerySchema,
        response: { 200: csvFileResponse('Activity per day (UTF-8 with a BOM)') },
      },
    },
    async (req, reply) => {
      const a = await activityOverTime({ db, workspaceId: requireWorkspace(req).id, query: req.query });
      sendCsv(reply, {
        body: activityCsv(a),
        disposition: contentDisposition(`campaign-activity-${a.from}-to-${a.to}.csv`),
      });
      return reply;
    },
  );

  r.get('/api/smartlead/settings', { schema: { tags, response: { 200: settingsSchema } } }, async (req) =>
    getSettings({ db, workspaceId: requireWorkspace(req).id }),
  );

  r.post(
    '/api/smartlead/settings',
    { schema: { tags, body: saveSettingsSchema, response: { 200: settingsSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'keys:manage');
      await saveApiKey({ db, config, workspaceId: workspace.id, apiKey: req.body.apiKey, now: clock() });
      cache.invalidate(workspace.id);
      return getSettings({ db, workspaceId: workspace.id });
    },
  );

  r.post('/api/smartlead/test', { schema: { tags, response: { 200: testResultSchema } } }, async (req) =>
    testConnection({
      db,
      config,
      workspaceId: requirePermission(req, 'keys:manage').id,
      now: clock(),
      sleep,
    }),
  );

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

  r.get(
    '/api/smartlead/campaigns',
    { schema: { tags, response: { 200: campaignListSchema } } },
    async (req, reply) => {
      const { campaigns, remoteAvailable } = await listCampaigns({
        db,
        config,
        workspaceId: requireWorkspace(req).id,
        cache,
        now: clock(),
        sleep,
      });
      // The documented list stays a plain array; whether Smartlead answered travels in a header.
      reply.header('x-smartlead-remote', remoteAvailable ? 'ok' : 'unavailable');
      return campaigns;
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

  await smartleadAutomationRoutes(app, deps, cache);
  await smartleadEventRoutes(app, deps);
  await smartleadReplyRoutes(app, deps);
  await smartleadMailboxRoutes(app, deps);
}
