import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptionStatusSchema } from '../../../shared/auth';
import {
  createSubscriptionResponseSchema,
  stripeConfigResponseSchema,
  webhookAckSchema,
} from '../../../shared/billing';
import { changePlanSchema, createSubscriptionBodySchema, planStateSchema } from '../../../shared/usage';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { requireUser } from '../auth';
import { requirePermission, requireWorkspace } from '../workspaces';
import { accessStatus } from './access';
import { changePlan } from './change-plan';
import { createSubscription } from './create-subscription';
import { planOf, priceForPlan } from './plans';
import { selfServiceRoutes } from './self-service-routes';
import { createStripeClient, notConfigured } from './stripe-client';
import { handleStripeWebhook } from './webhook';

export async function billingRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  const stripe = createStripeClient(config);

  r.get(
    '/api/subscription-status',
    { schema: { tags: ['billing'], response: { 200: subscriptionStatusSchema } } },
    async (req) => accessStatus({ db, workspace: requireWorkspace(req), now: deps.clock() }),
  );

  // Public on purpose: /subscribe is reachable signed out, and a publishable key is meant for browsers.
  r.get(
    '/api/stripe/config',
    { schema: { tags: ['billing'], response: { 200: stripeConfigResponseSchema } } },
    async () => {
      if (!config.STRIPE_PUBLISHABLE_KEY) throw notConfigured();
      return { publishableKey: config.STRIPE_PUBLISHABLE_KEY };
    },
  );

  // The subscribe call sends no fields; the plan picked on /subscribe (?plan=) may come along, else the sign-up plan.
  r.post(
    '/api/create-subscription',
    {
      schema: {
        tags: ['billing'],
        body: createSubscriptionBodySchema,
        response: { 200: createSubscriptionResponseSchema },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const workspace = requirePermission(req, 'billing:manage');
      const plan = req.body?.plan ?? planOf(workspace);
      return createSubscription({
        db,
        stripe: config.STRIPE_PUBLISHABLE_KEY ? stripe : null,
        priceId: priceForPlan(config, plan),
        plan,
        workspace,
        user,
        log: req.log,
      });
    },
  );

  r.post(
    '/api/subscription/change-plan',
    { schema: { tags: ['billing'], body: changePlanSchema, response: { 200: planStateSchema } } },
    async (req) =>
      changePlan({
        db,
        stripe,
        config,
        workspace: requirePermission(req, 'billing:manage'),
        plan: req.body.plan,
        prorationDate: req.body.prorationDate,
        now: deps.clock(),
        log: req.log,
      }),
  );

  await selfServiceRoutes(app, deps, stripe);

  // Stripe signs the exact bytes it sent, so this route reads the body raw: a scoped parser keeps every
  // other route on JSON. Authenticated by the signature, hence no CSRF token.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        config: { csrfExempt: true },
        schema: { tags: ['billing'], hide: true, response: { 200: webhookAckSchema } },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        return handleStripeWebhook({
          db,
          stripe,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          payload: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          signature: typeof signature === 'string' ? signature : undefined,
          now: deps.clock(),
          log: req.log,
        });
      },
    );
  });
}
