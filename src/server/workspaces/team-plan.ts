import { and, eq } from 'drizzle-orm';
import { PLAN_INFO } from '../../shared/auth';
import { users } from '../auth/schema';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { type PriceConfig, planState } from '../usage/plans';
import type { WorkspaceContext } from './resolve';
import { workspaceMembers } from './schema';

export const UPGRADE_URL = '/subscribe?plan=whitelabel';

export interface InvitingState {
  allowed: boolean;
  message: string | null;
  upgradeUrl: string | null;
}

/**
 * Teams are part of the White Label plan (its trial included), as API access is (api/auth.ts): the plan
 * that applies to the workspace now must be White Label and either paid or still in its trial.
 */
export async function invitingState(opts: {
  db: Db;
  config: PriceConfig;
  workspace: Pick<WorkspaceContext, 'id' | 'name'>;
  now: Date;
}): Promise<InvitingState> {
  // The plan is billed to the workspace's owner account (usage/plans.ts reads it from there).
  const [owner] = await opts.db
    .select({ user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, opts.workspace.id), eq(workspaceMembers.role, 'owner')))
    .limit(1);
  if (!owner) return { allowed: false, message: 'This workspace has no owner.', upgradeUrl: null };
  const plan = await planState({ db: opts.db, config: opts.config, user: owner.user, now: opts.now });
  const whiteLabel = PLAN_INFO.whitelabel.name;
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
