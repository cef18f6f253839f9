import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignPageSchema,
  editCampaignResultSchema,
  editCampaignSchema,
} from '../../../../shared/campaign-edit';
import {
  emailAccountListSchema,
  STATUS_ACTIONS,
  statusActionSchema,
} from '../../../../shared/email-automation';
import {
  importableCampaignSchema,
  importCampaignsSchema,
  importedCampaignsSchema,
} from '../../../../shared/smartlead';
import type { AppDeps } from '../../../platform/deps';
import type { AppInstance } from '../../../platform/http/types';
import { requirePermission, requireWorkspace } from '../../workspaces';
import { smartleadCall } from '../connection/errors';
import { emailAccounts } from '../mailboxes/accounts';
import { editCampaign } from './campaign-edit';
import { importableCampaigns, importCampaigns } from './import';
import type { RemoteCache } from './list';
import { campaignDetail, changeCampaignStatus } from './manage';

const tags = ['smartlead'];
const params = z.object({ id: z.string() });

/** Email Accounts, a campaign's page and its state changes (Email Automation); more leads are a send (sends/send-routes.ts). */
export async function smartleadAutomationRoutes(app: AppInstance, deps: AppDeps, cache: RemoteCache) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock, sleep } = deps;

  r.get(
    '/api/smartlead/email-accounts',
    { schema: { tags, response: { 200: emailAccountListSchema } } },
    async (req, reply) =>
      smartleadCall(reply, () => emailAccounts({ db, config, workspaceId: requireWorkspace(req).id, sleep })),
  );

  r.get(
    '/api/smartlead/campaigns/:id',
    {
      schema: {
        tags,
        params,
        response: { 200: campaignPageSchema },
      },
    },
    async (req, reply) =>
      smartleadCall(reply, () =>
        campaignDetail({ db, config, workspaceId: requireWorkspace(req).id, id: req.params.id, sleep }),
      ),
  );

  r.get(
    '/api/smartlead/campaigns/importable',
    { schema: { tags, response: { 200: z.array(importableCampaignSchema) } } },
    async (req, reply) =>
      smartleadCall(reply, () =>
        importableCampaigns({ db, config, sleep, workspaceId: requireWorkspace(req).id }),
      ),
  );

  r.post(
    '/api/smartlead/campaigns/import',
    { schema: { tags, body: importCampaignsSchema, response: { 200: importedCampaignsSchema } } },
    async (req, reply) => {
      const workspace = requirePermission(req, 'campaigns:send');
      const out = await smartleadCall(reply, () =>
        importCampaigns({
          db,
          config,
          sleep,
          queue: deps.queue,
          workspaceId: workspace.id,
          smartleadIds: req.body.smartleadIds,
          now: clock(),
        }),
      );
      cache.invalidate(workspace.id);
      return out;
    },
  );

  r.put(
    '/api/smartlead/campaigns/:id',
    {
      schema: {
        tags,
        params,
        body: editCampaignSchema,
        response: { 200: editCampaignResultSchema },
        description:
          'Change the sequence, schedule, settings or sending accounts of a campaign, running or not.',
      },
    },
    async (req, reply) => {
      const workspace = requirePermission(req, 'campaigns:send');
      const out = await smartleadCall(reply, () =>
        editCampaign({ db, config, sleep, workspaceId: workspace.id, id: req.params.id, input: req.body }),
      );
      cache.invalidate(workspace.id);
      return out;
    },
  );

  r.post(
    '/api/smartlead/campaigns/:id/status',
    {
      schema: {
        tags,
        params,
        body: statusActionSchema,
        response: { 200: z.object({ status: z.string() }) },
        description: `Actions: ${STATUS_ACTIONS.join(', ')}`,
      },
    },
    async (req, reply) => {
      const workspace = requirePermission(req, 'campaigns:send');
      const out = await smartleadCall(reply, () =>
        changeCampaignStatus({
          db,
          config,
          workspaceId: workspace.id,
          id: req.params.id,
          action: req.body.action,
          force: req.body.force,
          sleep,
        }),
      );
      cache.invalidate(workspace.id);
      return out;
    },
  );
}
