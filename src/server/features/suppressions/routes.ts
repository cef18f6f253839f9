import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addResultSchema,
  addSuppressionSchema,
  importResultSchema,
  importSuppressionsSchema,
  MAX_SUPPRESSION_IMPORT_BYTES,
  removeSuppressionParamsSchema,
  suppressionListQuerySchema,
  suppressionListSchema,
} from '../../../shared/suppressions';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition, csvFileResponse, sendCsv } from '../../platform/http/csv-response';
import type { AppInstance } from '../../platform/http/types';
import { brandedFileName } from '../branding';
import { requirePermission, requireWorkspace } from '../workspaces';
import {
  exportSuppressions,
  importSuppressions,
  listSuppressions,
  removeSuppression,
  suppress,
} from './store';

const tags = ['suppressions'];

/** The workspace's suppression list (decision 0220): read by members, changed by whoever may send campaigns. */
export async function suppressionRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  r.get(
    '/api/suppressions',
    { schema: { tags, querystring: suppressionListQuerySchema, response: { 200: suppressionListSchema } } },
    async (req) => listSuppressions({ db, workspaceId: requireWorkspace(req).id, ...req.query }),
  );

  r.post(
    '/api/suppressions',
    { schema: { tags, body: addSuppressionSchema, response: { 200: addResultSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'campaigns:send');
      const done = await suppress({
        db,
        workspaceId: workspace.id,
        emails: [req.body.email],
        reason: 'manual',
        now: deps.clock(),
      });
      return { ...done, skipped: 0 };
    },
  );

  r.post(
    '/api/suppressions/import',
    {
      bodyLimit: MAX_SUPPRESSION_IMPORT_BYTES * 2,
      schema: { tags, body: importSuppressionsSchema, response: { 200: importResultSchema } },
    },
    async (req) =>
      importSuppressions({
        db,
        workspaceId: requirePermission(req, 'campaigns:send').id,
        csv: req.body.csv,
        now: deps.clock(),
      }),
  );

  r.get(
    '/api/suppressions/export',
    { schema: { tags, response: { 200: csvFileResponse('The suppression list as CSV') } } },
    async (req, reply) => {
      const workspaceId = requireWorkspace(req).id;
      const now = deps.clock();
      const fileName = await brandedFileName({
        db,
        config: deps.config,
        now,
        workspaceId,
        fileName: `suppressions-${now.toISOString().slice(0, 10)}.csv`,
      });
      sendCsv(reply, {
        body: await exportSuppressions({ db, workspaceId }),
        disposition: contentDisposition(fileName),
      });
      return reply;
    },
  );

  r.delete(
    '/api/suppressions/:email',
    {
      schema: {
        tags,
        params: removeSuppressionParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => {
      await removeSuppression({
        db,
        workspaceId: requirePermission(req, 'campaigns:send').id,
        email: req.params.email,
      });
      return { ok: true as const };
    },
  );
}
