import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  draftRequestSchema,
  draftResultSchema,
  saveTemplateSchema,
  templateListSchema,
  templateSchema,
} from '../../../shared/email-automation';
import type { AppDeps } from '../../platform/deps';
import { rateLimited } from '../../platform/http/rate-limit';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace } from '../workspaces';
import { draftEmail } from './draft';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates';

const tags = ['email-composer'];
const params = z.object({ id: z.string() });

/** Email Composer: sequences saved as templates (workspace-scoped) and AI drafting (Email Automation). */
export async function emailComposerRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { clock } = deps;

  r.get('/api/email-templates', { schema: { tags, response: { 200: templateListSchema } } }, async (req) =>
    listTemplates({ db, workspaceId: requireWorkspace(req).id }),
  );

  r.get(
    '/api/email-templates/:id',
    { schema: { tags, params, response: { 200: templateSchema } } },
    async (req) => getTemplate({ db, workspaceId: requireWorkspace(req).id, id: req.params.id }),
  );

  r.post(
    '/api/email-templates',
    { schema: { tags, body: saveTemplateSchema, response: { 201: templateSchema } } },
    async (req, reply) => {
      const workspaceId = requirePermission(req, 'campaigns:send').id;
      const t = await createTemplate({ db, workspaceId, input: req.body, now: clock() });
      return reply.code(201).send(t);
    },
  );

  r.put(
    '/api/email-templates/:id',
    { schema: { tags, params, body: saveTemplateSchema, response: { 200: templateSchema } } },
    async (req) =>
      updateTemplate({
        db,
        workspaceId: requirePermission(req, 'campaigns:send').id,
        id: req.params.id,
        input: req.body,
        now: clock(),
      }),
  );

  r.delete(
    '/api/email-templates/:id',
    { schema: { tags, params, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteTemplate({
        db,
        workspaceId: requirePermission(req, 'campaigns:send').id,
        id: req.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/email-composer/draft',
    {
      // Each draft may be a paid model call: a person drafting by hand never needs more than this.
      config: rateLimited({ max: 30, windowMs: 60_000, message: 'Too many AI drafts in a minute.' }),
      schema: { tags, body: draftRequestSchema, response: { 200: draftResultSchema } },
    },
    async (req) => {
      requireWorkspace(req);
      return draftEmail({ config: deps.config, input: req.body });
    },
  );
}
