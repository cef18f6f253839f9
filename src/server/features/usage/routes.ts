import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planStateSchema, usageResponseSchema } from '../../../shared/usage';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { planState } from '../billing/plans';
import { probeBudgetByTier } from '../probe-budget';
import { requireWorkspace } from '../workspaces';
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
}
