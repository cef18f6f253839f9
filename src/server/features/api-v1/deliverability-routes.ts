import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/api-v1';
import {
  addSendingDomainSchema,
  headerCheckInputSchema,
  headerReportSchema,
  sendingDomainListSchema,
  sendingDomainSchema,
} from '../../../shared/deliverability';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import {
  addSendingDomain,
  checkHeaders,
  checkRowsNow,
  domainView,
  findSendingDomain,
  listSendingDomains,
} from '../deliverability';
import { requirePermission, requireWorkspace } from '../workspaces';
import { errors, RATE_NOTE, security, TAGS, type V1RouteConfig } from './v1-scope';

const idParams = z.object({ id: z.string() });

/** API v1's deliverability (decision 0910): check a sending domain, read its report, check headers. */
export function apiV1DeliverabilityRoutes(scope: AppInstance, deps: AppDeps, config: V1RouteConfig) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const common = { tags: TAGS, security };
  const route = { config: config('deliverability') };

  r.post(
    '/deliverability/domains',
    {
      ...route,
      schema: {
        ...common,
        summary: 'Add (or change) a sending domain and check it now',
        description: `Every check with its fix, the SPF tree, and Gmail's, Yahoo's and Microsoft's sender requirements. A workspace keeps at most 200 domains (409 beyond).${RATE_NOTE}`,
        body: addSendingDomainSchema,
        response: { 200: sendingDomainSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (req) => {
      const workspace = requirePermission(req, 'campaigns:send');
      const row = await addSendingDomain({ db, workspaceId: workspace.id, input: req.body });
      const [checked] = await checkRowsNow({
        db,
        config: deps.config,
        queue: deps.queue,
        now: deps.clock(),
        rows: [row],
      });
      return domainView(checked!);
    },
  );

  r.get(
    '/deliverability/domains',
    {
      ...route,
      schema: {
        ...common,
        summary: "The workspace's sending domains and their last reports",
        response: { 200: sendingDomainListSchema, ...errors },
      },
    },
    async (req) => ({
      domains: (await listSendingDomains({ db, workspaceId: requireWorkspace(req).id })).map(domainView),
      setup: [],
    }),
  );

  r.get(
    '/deliverability/domains/:id',
    {
      ...route,
      schema: {
        ...common,
        summary: "A sending domain's last report",
        params: idParams,
        response: { 200: sendingDomainSchema, ...errors },
      },
    },
    async (req) =>
      domainView(await findSendingDomain({ db, workspaceId: requireWorkspace(req).id, id: req.params.id })),
  );

  r.post(
    '/deliverability/headers',
    {
      ...route,
      schema: {
        ...common,
        summary: "Read a message's raw headers: SPF, DKIM, DMARC and alignment, unsubscribe, TLS per hop",
        description: `Nothing the headers name is fetched or resolved.${RATE_NOTE}`,
        body: headerCheckInputSchema,
        response: { 200: headerReportSchema, ...errors },
      },
    },
    async (req) => {
      requireWorkspace(req);
      return checkHeaders(req.body);
    },
  );
}
