import { PLAN_TABLE } from '../../../shared/plans';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import { type PriceConfig, planState } from '../billing';
import { findWorkspacePlan, type WorkspaceContext } from '../workspaces';

export const UPGRADE_URL = '/subscribe?plan=whitelabel';

export interface InvitingState {
  allowed: boolean;
  message: string | null;
  upgradeUrl: string | null;
}

/**
 * Teams are part of the White Label plan (its trial included), as API access is (api-v1/auth.ts): the plan
 * that applies to the workspace now must be White Label and either paid or still in its trial.
 */
export async function invitingState(opts: {
  db: Db;
  config: PriceConfig;
  workspace: Pick<WorkspaceContext, 'id' | 'name'>;
  now: Date;
}): Promise<InvitingState> {
  // The plan and the trial are the workspace's own (billing/plans.ts).
  const holder = await findWorkspacePlan(opts.db, opts.workspace.id);
  if (!holder) return { allowed: false, message: 'This workspace no longer exists.', upgradeUrl: null };
  const plan = await planState({ db: opts.db, config: opts.config, workspace: holder, now: opts.now });
  const whiteLabel = PLAN_TABLE.whitelabel.name;
  if (plan.plan === 'whitelabel' && plan.status !== 'inactive') {
    return { allowed: true, message: null, upgradeUrl: null };
  }
  const message =
    plan.plan === 'whitelabel'
      ? `The ${whiteLabel} trial of ${opts.workspace.name} has ended. Subscribe to the ${whiteLabel} plan to invite team members.`
      : `Team members are part of the ${whiteLabel} plan. The ${plan.planName} plan of ${opts.workspace.name} does not include them.`;
  return { allowed: false, message, upgradeUrl: UPGRADE_URL };
}

/** Throws the plan gate's 403 (with the upgrade path) unless the workspace may take in people. */
export async function assertCanInvite(opts: Parameters<typeof invitingState>[0]): Promise<void> {
  const state = await invitingState(opts);
  if (!state.allowed) {
    throw new AppError('forbidden', state.message ?? 'Inviting is not available.', {
      upgradePlan: 'whitelabel',
      upgradeUrl: state.upgradeUrl,
    });
  }
}
