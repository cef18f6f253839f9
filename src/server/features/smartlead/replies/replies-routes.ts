import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationSchema,
  leadActionBodySchema,
  leadCategorySchema,
  leadParamsSchema,
  repliesQuerySchema,
  repliesResponseSchema,
  replyBodySchema,
  setCategoryBodySchema,
} from '../../../../shared/replies';
import type { AppDeps } from '../../../platform/deps';
import type { AppInstance } from '../../../platform/http/types';
import { requirePermission, requireWorkspace } from '../../workspaces';
import { SmartleadError } from '../connection/client';
import { smartleadCall } from '../connection/errors';
import {
  leadAction,
  leadCategories,
  leadConversation,
  listReplies,
  replyToLead,
  setLeadCategory,
} from './conversations';

const tags = ['smartlead'];
const ok = { 200: z.object({ ok: z.literal(true) }) };

/** Replies across the workspace's campaigns, a lead's conversation, its category, pause, unsubscribe, reply. */
export async function smartleadReplyRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, sleep, clock } = deps;
  /** The lead a route names, in the caller's workspace (changes need the send permission). */
  const lead = (
    req: Parameters<typeof requireWorkspace>[0] & { params: { id: string; email: string } },
    change: boolean,
  ) => ({
    db,
    config,
    sleep,
    workspaceId: (change ? requirePermission(req, 'campaigns:send') : requireWorkspace(req)).id,
    campaignId: req.params.id,
    email: req.params.email,
  });

  r.get(
    '/api/smartlead/replies',
    { schema: { tags, querystring: repliesQuerySchema, response: { 200: repliesResponseSchema } } },
    async (req) => {
      const workspaceId = requireWorkspace(req).id;
      const replies = await listReplies({ db, workspaceId, query: req.query });
      // The list is ours; the category names are Smartlead's, and the list shows without them.
      const categories = await leadCategories({ db, config, workspaceId, sleep }).catch((err) => {
        if (err instanceof SmartleadError || (err as { statusCode?: number }).statusCode) return [];
        throw err;
      });
      return { replies, categories };
    },
  );

  r.get(
    '/api/smartlead/campaigns/:id/leads/:email/conversation',
    { schema: { tags, params: leadParamsSchema, response: { 200: conversationSchema } } },
    async (req, reply) => smartleadCall(reply, () => leadConversation(lead(req, false))),
  );

  r.post(
    '/api/smartlead/campaigns/:id/leads/:email/category',
    {
      schema: {
        tags,
        params: leadParamsSchema,
        body: setCategoryBodySchema,
        response: { 200: leadCategorySchema },
      },
    },
    async (req, reply) =>
      smartleadCall(reply, () =>
        setLeadCategory({
          ...lead(req, true),
          categoryId: req.body.categoryId,
          pauseLead: req.body.pauseLead,
          now: clock(),
        }),
      ),
  );

  r.post(
    '/api/smartlead/campaigns/:id/leads/:email/action',
    { schema: { tags, params: leadParamsSchema, body: leadActionBodySchema, response: ok } },
    async (req, reply) => {
      await smartleadCall(reply, () => leadAction({ ...lead(req, true), action: req.body.action }));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/smartlead/campaigns/:id/leads/:email/reply',
    { schema: { tags, params: leadParamsSchema, body: replyBodySchema, response: ok } },
    async (req, reply) => {
      await smartleadCall(reply, () => replyToLead({ ...lead(req, true), text: req.body.text }));
      return { ok: true as const };
    },
  );
}
