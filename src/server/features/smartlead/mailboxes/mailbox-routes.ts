import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectMailboxSchema,
  mailboxHealthSchema,
  mailboxIdParamsSchema,
  mailboxLoginSchema,
  updateMailboxSchema,
  warmupSettingsSchema,
  warmupStatsSchema,
} from '../../../../shared/mailboxes';
import type { AppDeps } from '../../../platform/deps';
import type { AppInstance } from '../../../platform/http/types';
import { requirePermission, requireWorkspace } from '../../workspaces';
import { smartleadCall } from '../connection/errors';
import {
  changeMailboxLogin,
  connectMailbox,
  mailboxHealth,
  mailboxId,
  removeMailbox,
  setWarmup,
  updateMailbox,
  warmupStats,
} from './mailboxes';

const tags = ['smartlead'];
const health = { 200: mailboxHealthSchema };

/** Connect, edit, remove and warm the workspace's sending mailboxes in Smartlead (decision 0202). */
export async function smartleadMailboxRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, sleep } = deps;
  // Mailboxes are the workspace's Smartlead account: whoever may manage its keys manages them.
  const manager = (req: Parameters<typeof requirePermission>[0]) => ({
    db,
    config,
    sleep,
    workspaceId: requirePermission(req, 'keys:manage').id,
  });

  r.post(
    '/api/smartlead/email-accounts',
    { schema: { tags, body: connectMailboxSchema, response: { 201: mailboxHealthSchema } } },
    async (req, reply) => {
      const out = await smartleadCall(reply, () => connectMailbox({ ...manager(req), input: req.body }));
      return reply.code(201).send(out);
    },
  );

  r.post(
    '/api/smartlead/email-accounts/:accountId',
    { schema: { tags, params: mailboxIdParamsSchema, body: updateMailboxSchema, response: health } },
    async (req, reply) =>
      smartleadCall(reply, () =>
        updateMailbox({ ...manager(req), accountId: mailboxId(req.params.accountId), input: req.body }),
      ),
  );

  r.post(
    '/api/smartlead/email-accounts/:accountId/login',
    { schema: { tags, params: mailboxIdParamsSchema, body: mailboxLoginSchema, response: health } },
    async (req, reply) =>
      smartleadCall(reply, () =>
        changeMailboxLogin({ ...manager(req), accountId: mailboxId(req.params.accountId), input: req.body }),
      ),
  );

  r.delete(
    '/api/smartlead/email-accounts/:accountId',
    { schema: { tags, params: mailboxIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req, reply) => {
      await smartleadCall(reply, () =>
        removeMailbox({ ...manager(req), accountId: mailboxId(req.params.accountId) }),
      );
      return { ok: true as const };
    },
  );

  r.get(
    '/api/smartlead/email-accounts/:accountId/health',
    { schema: { tags, params: mailboxIdParamsSchema, response: health } },
    async (req, reply) =>
      smartleadCall(reply, () =>
        mailboxHealth({
          db,
          config,
          sleep,
          workspaceId: requireWorkspace(req).id,
          accountId: mailboxId(req.params.accountId),
        }),
      ),
  );

  r.post(
    '/api/smartlead/email-accounts/:accountId/warmup',
    { schema: { tags, params: mailboxIdParamsSchema, body: warmupSettingsSchema, response: health } },
    async (req, reply) =>
      smartleadCall(reply, () =>
        setWarmup({ ...manager(req), accountId: mailboxId(req.params.accountId), settings: req.body }),
      ),
  );

  r.get(
    '/api/smartlead/email-accounts/:accountId/warmup-stats',
    { schema: { tags, params: mailboxIdParamsSchema, response: { 200: warmupStatsSchema } } },
    async (req, reply) =>
      smartleadCall(reply, () =>
        warmupStats({
          db,
          config,
          sleep,
          workspaceId: requireWorkspace(req).id,
          accountId: mailboxId(req.params.accountId),
        }),
      ),
  );
}
