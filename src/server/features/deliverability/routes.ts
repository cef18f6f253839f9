import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addSendingDomainSchema,
  headerCheckInputSchema,
  headerReportSchema,
  sendingDomainListSchema,
  sendingDomainSchema,
} from '../../../shared/deliverability';
import type { AppDeps } from '../../platform/deps';
import { rateLimited } from '../../platform/http/rate-limit';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace } from '../workspaces';
import { addAndCheckDomain, checkDomains, sendingDomainList } from './checks';
import { checkHeaders } from './headers/report';
import type { SendingDomainRow } from './schema';
import { standingRoutes } from './standing-routes';
import {
  dismissNotices,
  domainView,
  findSendingDomain,
  listSendingDomains,
  type MailboxSource,
  removeSendingDomain,
  syncMailboxDomains,
} from './store';

const tags = ['deliverability'];
const params = z.object({ id: z.string() });

/**
 * The workspace's sending domains and their DNS checks (decision 0900); `mailboxes`: where a workspace's
 * sending mailboxes are read (Smartlead's, passed by the features list).
 */
export async function deliverabilityRoutes(app: AppInstance, deps: AppDeps, mailboxes: MailboxSource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock } = deps;
  standingRoutes(app, deps);
  // Each check asks DNS about twenty questions: a person rechecks, a script does not loop on it. Counted
  // per workspace, so two admins do not get twice the allowance.
  const checking = rateLimited({
    max: 30,
    windowMs: 60_000,
    hook: 'preHandler',
    groupId: 'deliverability-check',
    keyGenerator: (req) => `deliverability:${req.workspace?.id ?? req.user?.id ?? req.ip}`,
    message: 'Too many domain checks.',
  });

  const checkDeps = { db, config, queue: deps.queue, clock };
  const check = (rows: SendingDomainRow[]) => checkDomains(checkDeps, rows);
  const list = (workspaceId: string) => sendingDomainList({ db, config, workspaceId });

  r.get(
    '/api/deliverability/domains',
    { schema: { tags, response: { 200: sendingDomainListSchema } } },
    async (req) => list(requireWorkspace(req).id),
  );

  r.post(
    '/api/deliverability/domains',
    {
      config: checking,
      schema: { tags, body: addSendingDomainSchema, response: { 200: sendingDomainSchema } },
    },
    async (req) =>
      addAndCheckDomain({
        ...checkDeps,
        workspaceId: requirePermission(req, 'campaigns:send').id,
        input: req.body,
      }),
  );

  r.post(
    '/api/deliverability/domains/sync',
    {
      config: checking,
      schema: {
        tags,
        summary: "Adds the domains of the workspace's Smartlead mailboxes and checks the new ones",
        response: { 200: sendingDomainListSchema },
      },
    },
    async (req) => {
      const workspace = requirePermission(req, 'campaigns:send');
      await syncMailboxDomains({
        db,
        workspaceId: workspace.id,
        mailboxes: await mailboxes.read({ db, config, workspaceId: workspace.id }),
      });
      const rows = await listSendingDomains({ db, workspaceId: workspace.id });
      await check(rows.filter((d) => d.state === 'unchecked'));
      return list(workspace.id);
    },
  );

  r.post(
    '/api/deliverability/domains/:id/recheck',
    { config: checking, schema: { tags, params, response: { 200: sendingDomainSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'campaigns:send');
      const row = await findSendingDomain({ db, workspaceId: workspace.id, id: req.params.id });
      const [checked] = await check([row]);
      return domainView(checked!);
    },
  );

  r.post(
    '/api/deliverability/headers',
    {
      schema: {
        tags,
        summary:
          'Reads the raw headers of a message: SPF, DKIM, DMARC and alignment, unsubscribe, TLS per hop',
        body: headerCheckInputSchema,
        response: { 200: headerReportSchema },
      },
    },
    // Text only: nothing the headers name is fetched or resolved (decision 0910).
    async (req) => {
      requireWorkspace(req);
      return checkHeaders(req.body);
    },
  );

  r.delete(
    '/api/deliverability/domains/:id',
    { schema: { tags, params, response: { 204: z.null() } } },
    async (req, reply) => {
      const workspace = requirePermission(req, 'campaigns:send');
      await removeSendingDomain({ db, workspaceId: workspace.id, id: req.params.id });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/deliverability/notices/dismiss',
    { schema: { tags, response: { 204: z.null() } } },
    async (req, reply) => {
      await dismissNotices({ db, workspaceId: requireWorkspace(req).id });
      return reply.code(204).send(null);
    },
  );
}
