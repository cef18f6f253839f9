import { WHITE_LABEL_UPGRADE_URL } from '../../../shared/branding';
import { PLAN_TABLE } from '../../../shared/plans';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import { type PriceConfig, planState } from '../billing';

/** The workspace fields the plan rules read (a WorkspaceContext, or a row of `workspaces`). */
export interface PlanHolder {
  id: string;
  plan: string;
  trialEndsAt: Date;
}

/**
 * Whether a workspace's branding may be changed and shown: White Label, paid or in its trial. A
 * workspace that moved to another plan or whose trial ended keeps its settings, unapplied.
 */
export async function whiteLabelStatus(opts: {
  db: Db;
  config: PriceConfig;
  workspace: PlanHolder;
  now: Date;
}): Promise<{ allowed: boolean; notice: string | null; plan: string }> {
  const state = await planState(opts);
  if (state.plan === 'whitelabel' && state.status !== 'inactive')
    return { allowed: true, notice: null, plan: state.plan };
  const name = PLAN_TABLE.whitelabel.name;
  const notice =
    state.plan === 'whitelabel'
      ? `Your ${name} trial has ended: your branding is kept but not shown. Subscribe to ${name} to show it again.`
      : `Custom branding and a custom domain are part of the ${name} plan. Your ${state.planName} plan does not include them.`;
  return { allowed: false, notice, plan: state.plan };
}

/**
 * Saving branding or claiming a domain: a 402 with the upgrade path when the plan does not include it
 * (as the quota gate answers; a role too low is the 403 of requirePermission).
 */
export async function assertWhiteLabel(opts: Parameters<typeof whiteLabelStatus>[0]): Promise<void> {
  const status = await whiteLabelStatus(opts);
  if (!status.allowed) {
    throw new AppError('payment_required', status.notice ?? 'White Label only.', {
      plan: status.plan,
      upgradePlan: 'whitelabel',
      upgradeUrl: WHITE_LABEL_UPGRADE_URL,
    });
  }
}
