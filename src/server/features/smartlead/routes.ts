import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityQuerySchema, activityResponseSchema } from '../../../shared/campaign-activity';
import {
  campaignListSchema,
  saveSettingsSchema,
  settingsSchema,
  testResultSchema,
} from '../../../shared/smartlead';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition, csvFileResponse, sendCsv } from '../../platform/http/csv-response';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace } from '../workspaces';
import { smartleadAutomationRoutes } from './campaigns/automation-routes';
import { createRemoteCache, listCampaigns } from './campaigns/list';
import { getSettings, saveApiKey } from './connection/settings';
import { activityCsv, activityOverTime } from './events/activity';
import { smartleadEventRoutes } from './events/events-routes';
import { smartleadMailboxRoutes } from './mailboxes/mailbox-routes';
import { smartleadReplyRoutes } from './replies/replies-routes';
import { smartleadSendRoutes } from './sends/send-routes';
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

  await smartleadAutomationRoutes(app, deps, cache);
  await smartleadSendRoutes(app, deps, cache);
  await smartleadEventRoutes(app, deps);
  await smartleadReplyRoutes(app, deps);
  await smartleadMailboxRoutes(app, deps);
}
