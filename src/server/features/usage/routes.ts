import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditRunsResponseSchema, creditSettingsSchema } from '../../../shared/credits';
import { planStateSchema, usageResponseSchema } from '../../../shared/usage';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition, csvFileResponse, sendCsv } from '../../platform/http/csv-response';
import type { AppInstance } from '../../platform/http/types';
import { planState } from '../billing';
import { brandedFileName } from '../branding';
import { probeBudgetByTier } from '../probe-budget';
import { requirePermission, requireWorkspace } from '../workspaces';
import { creditRunsOfMonth, setReverifyDays } from './credits';
import { creditsCsv } from './credits-csv';
import { usageSummary } from './usage';

export async function usageRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['usage'];

  r.get('/api/billing/plan', { schema: { tags, response: { 200: planStateSchema } } }, async (req) =>
    planState({ db, config: deps.config, workspace: requireWorkspace(req), now: deps.clock() }),
  );

  // /metrics: the fleet's probes by allowance tier (decision 0860).
  deps.metrics?.setProbeBudgetSource(() => probeBudgetByTier({ db, config: deps.config, now: deps.clock() }));

  r.get('/api/usage', { schema: { tags, response: { 200: usageResponseSchema } } }, async (req) =>
    usageSummary({ db, config: deps.config, workspace: requireWorkspace(req), now: deps.clock() }),
  );

  r.get(
    '/api/usage/credits',
    {
      schema: {
        tags,
        summary: "This month's credits, run by run",
        response: { 200: creditRunsResponseSchema },
      },
    },
    async (req) => creditRunsOfMonth({ db, workspaceId: requireWorkspace(req).id, now: deps.clock() }),
  );

  r.get(
    '/api/usage/credits/export',
    {
      schema: {
        tags,
        summary: "This month's credits as CSV: the usage page's figures, run by run, and the found addresses",
        response: { 200: csvFileResponse('The credits ledger as CSV (UTF-8, BOM)') },
      },
    },
    async (req, reply) => {
      const workspaceId = requireWorkspace(req).id;
      const now = deps.clock();
      const fileName = await brandedFileName({
        db,
        config: deps.config,
        now,
        workspaceId,
        fileName: `credits-${now.toISOString().slice(0, 7)}.csv`,
      });
      sendCsv(reply, {
        body: await creditsCsv({ db, workspaceId, now }),
        disposition: contentDisposition(fileName),
      });
      return reply;
    },
  );

  r.put(
    '/api/usage/credit-settings',
    {
      schema: {
        tags,
        summary: 'Set the re-verification window (days a definite answer is reused for free)',
        body: creditSettingsSchema,
        response: { 200: creditSettingsSchema },
      },
    },
    async (req) => ({
      reverifyDays: await setReverifyDays(db, {
        workspaceId: requirePermission(req, 'billing:manage').id,
        days: req.body.reverifyDays,
      }),
    }),
  );
}
