import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingOverviewSchema,
  planPreviewRequestSchema,
  planPreviewSchema,
  portalSessionSchema,
} from '../../../shared/billing';
import { planStateSchema } from '../../../shared/usage';
import { can } from '../../../shared/workspaces';
import type { AppDeps } from '../../platform/deps';
import { linkOrigin } from '../../platform/http/public-origin';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace } from '../workspaces';
import { billingOverview } from './overview';
import { planState } from './plans';
import type { StripeClient } from './stripe-client';
import { createPortalSession, previewPlanChange, setCancelAtPeriodEnd } from './subscription-actions';

/** /settings/billing: read by any member, changed by those who may manage billing (admins and the owner). */
export async function selfServiceRoutes(app: AppInstance, deps: AppDeps, stripe: StripeClient | null) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  const tags = ['billing'];

  r.get(
    '/api/billing/overview',
    { schema: { tags, response: { 200: billingOverviewSchema } } },
    async (req) => {
      const workspace = requireWorkspace(req);
      return billingOverview({
        db,
        stripe,
        config,
        workspaceId: workspace.id,
        canManage: can(workspace.role, 'billing:manage'),
        now: deps.clock(),
        log: req.log,
      });
    },
  );

  r.post(
    '/api/billing/preview-plan',
    { schema: { tags, body: planPreviewRequestSchema, response: { 200: planPreviewSchema } } },
    async (req) =>
      previewPlanChange({
        db,
        stripe,
        config,
        workspaceId: requirePermission(req, 'billing:manage').id,
        plan: req.body.plan,
        now: deps.clock(),
        log: req.log,
      }),
  );

  for (const [path, cancel] of [
    ['/api/billing/cancel', true],
    ['/api/billing/resume', false],
  ] as const) {
    r.post(path, { schema: { tags, response: { 200: planStateSchema } } }, async (req) => {
      const workspace = requirePermission(req, 'billing:manage');
      await setCancelAtPeriodEnd({
        db,
        stripe,
        workspaceId: workspace.id,
        cancel,
        now: deps.clock(),
        log: req.log,
      });
      return planState({ db, config, workspace, now: deps.clock() });
    });
  }

  r.post('/api/billing/portal', { schema: { tags, response: { 200: portalSessionSchema } } }, async (req) => {
    const workspace = requirePermission(req, 'billing:manage');
    // PUBLIC_URL or a trusted host only (finding 1); else Stripe's own default return address applies.
    const origin = linkOrigin(req, config);
    return createPortalSession({
      db,
      stripe,
      workspaceId: workspace.id,
      returnUrl: origin ? `${origin}/settings/billing` : undefined,
      log: req.log,
    });
  });
}
