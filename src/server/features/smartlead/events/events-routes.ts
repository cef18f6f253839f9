import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventAnswerSchema, eventParamsSchema, smartleadEventSchema } from '../../../../shared/send-outcomes';
import type { AppDeps } from '../../../platform/deps';
import { unauthorized } from '../../../platform/http/errors';
import { rateLimited } from '../../../platform/http/rate-limit';
import type { AppInstance } from '../../../platform/http/types';
import { workspaceOfHook } from './event-hook';
import { fromWebhook, takeInEvent } from './events';

/**
 * Smartlead's campaign webhooks arrive here (no session: the signed URL is the credential, hence no
 * CSRF token). A wrong signature is a 401; an event that is not ours to learn from is acknowledged
 * (200 `ignored`) so Smartlead does not retry it; a replay is acknowledged as a `duplicate`.
 */
export async function smartleadEventRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/smartlead/events/:hookId/:signature',
    {
      // Unauthenticated until the signature is checked: bounded per address, far above what Smartlead's
      // sending pace produces.
      config: {
        csrfExempt: true,
        ...rateLimited({ max: 1200, windowMs: 60_000, message: 'Too many events from this address.' }),
      },
      schema: {
        tags: ['smartlead'],
        params: eventParamsSchema,
        body: smartleadEventSchema,
        response: { 200: eventAnswerSchema },
      },
    },
    async (req) => {
      const workspaceId = await workspaceOfHook({ db, config: deps.config, ...req.params });
      if (!workspaceId) throw unauthorized('This events URL is not valid.');
      const now = deps.clock();
      const event = fromWebhook(req.body, now);
      if (typeof event === 'string') return { status: 'ignored' as const, detail: event };
      return takeInEvent({ db, workspaceId, event, source: 'webhook', now });
    },
  );
}
