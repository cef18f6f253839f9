import { PLAN_TABLE } from '../../../shared/plans';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import { type PriceConfig, planState } from '../billing';
import { findWorkspacePlan } from '../workspaces';

// Webhooks are part of the API (shared/plans.ts: White Label, paid or in its trial). The plan is read when
// an endpoint is added or a test event sent, and again when each delivery is about to go out: a workspace
// that moved to another plan keeps its endpoints, and nothing is sent to them.

/** Why the workspace may not use webhooks now, or null when it may. */
export async function webhooksRefusal(opts: {
  db: Db;
  config: PriceConfig;
  workspaceId: string;
  now: Date;
}): Promise<{ message: string; plan: string } | null> {
  const workspace = await findWorkspacePlan(opts.db, opts.workspaceId);
  if (!workspace) return { message: 'This workspace no longer exists.', plan: 'hobbyist' };
  const state = await planState({ ...opts, workspace });
  if (state.apiAccess) return null;
  const name = PLAN_TABLE.whitelabel.name;
  return {
    plan: state.plan,
    message:
      state.plan === 'whitelabel'
        ? `Your ${name} trial has ended: subscribe to ${name} to use webhooks again.`
        : `Webhooks are part of the ${name} plan. Your ${state.planName} plan does not include them.`,
  };
}

/** The API's answer to a plan without it: 403 with the upgrade path (api-v1/auth.ts). */
export async function assertWebhooksAllowed(opts: Parameters<typeof webhooksRefusal>[0]): Promise<void> {
  const refusal = await webhooksRefusal(opts);
  if (refusal) {
    throw new AppError('forbidden', refusal.message, {
      plan: refusal.plan,
      upgradePlan: 'whitelabel',
      upgradeUrl: '/subscribe?plan=whitelabel',
    });
  }
}
