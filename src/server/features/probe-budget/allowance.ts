import { eq } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { planState } from '../billing';
import { findWorkspacePlan } from '../workspaces';
import { probeBudgetOverrides } from './schema';

/** Probes a workspace may spend: per hour, per day (UTC), and per target domain per hour. */
export interface Allowance {
  hour: number;
  day: number;
  domainHour: number;
  /** Which row it comes from: a trial, a paid plan (its id), or none (no workspace). */
  tier: 'trial' | 'hobbyist' | 'professional' | 'whitelabel';
}

export type BudgetConfig = Pick<
  Config,
  | 'PROBE_BUDGET_TRIAL'
  | 'PROBE_BUDGET_HOBBYIST'
  | 'PROBE_BUDGET_PROFESSIONAL'
  | 'PROBE_BUDGET_WHITELABEL'
  | 'STRIPE_PRICE_ID'
  | 'STRIPE_PRICE_HOBBYIST'
  | 'STRIPE_PRICE_PROFESSIONAL'
  | 'STRIPE_PRICE_WHITELABEL'
>;

const ROW = {
  trial: 'PROBE_BUDGET_TRIAL',
  hobbyist: 'PROBE_BUDGET_HOBBYIST',
  professional: 'PROBE_BUDGET_PROFESSIONAL',
  whitelabel: 'PROBE_BUDGET_WHITELABEL',
} as const;

/**
 * The allowance that applies to a workspace now: its paid plan's, a trial's while nothing is paid (also
 * for a workspace without access, which cannot start work anyway), and the operator's override on top.
 */
export async function allowanceOf(o: {
  db: Db;
  config: BudgetConfig;
  workspaceId: string;
  now: Date;
}): Promise<Allowance> {
  const workspace = await findWorkspacePlan(o.db, o.workspaceId);
  const state = workspace ? await planState({ db: o.db, config: o.config, workspace, now: o.now }) : null;
  const tier: Allowance['tier'] = state?.status === 'active' ? state.plan : 'trial';
  const base = o.config[ROW[tier]];
  const [own] = await o.db
    .select()
    .from(probeBudgetOverrides)
    .where(eq(probeBudgetOverrides.workspaceId, o.workspaceId))
    .limit(1);
  return {
    hour: own?.perHour ?? base.hour,
    day: own?.perDay ?? base.day,
    domainHour: own?.perDomainHour ?? base.domainHour,
    tier,
  };
}

/** Sets (or clears, with nulls) the operator's allowance for one workspace. */
export async function setAllowanceOverride(o: {
  db: Db;
  workspaceId: string;
  perHour: number | null;
  perDay: number | null;
  perDomainHour: number | null;
}): Promise<void> {
  const values = { perHour: o.perHour, perDay: o.perDay, perDomainHour: o.perDomainHour };
  await o.db
    .insert(probeBudgetOverrides)
    .values({ workspaceId: o.workspaceId, ...values })
    .onConflictDoUpdate({ target: probeBudgetOverrides.workspaceId, set: values });
}
