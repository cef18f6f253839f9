import { desc, eq } from 'drizzle-orm';
import { ACCESS_STATUSES } from '../../../shared/billing';
import { hasApiAccess, PLAN_TABLE, PLANS, type Plan, planPrice } from '../../../shared/plans';
import type { PlanState } from '../../../shared/usage';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { WorkspacePlan } from '../workspaces';
import { subscriptions } from './schema';

export type PriceConfig = Pick<
  Config,
  'STRIPE_PRICE_ID' | 'STRIPE_PRICE_HOBBYIST' | 'STRIPE_PRICE_PROFESSIONAL' | 'STRIPE_PRICE_WHITELABEL'
>;

const OWN_PRICE = {
  hobbyist: 'STRIPE_PRICE_HOBBYIST',
  professional: 'STRIPE_PRICE_PROFESSIONAL',
  whitelabel: 'STRIPE_PRICE_WHITELABEL',
} as const;

/**
 * The Stripe price of a plan. STRIPE_PRICE_ID is the older single "Pro" price: it stands in for any plan
 * without its own price (and a subscription to it counts as Professional).
 */
export function priceForPlan(config: PriceConfig, plan: Plan): string | undefined {
  return config[OWN_PRICE[plan]] ?? config.STRIPE_PRICE_ID;
}

/** The plan a Stripe price stands for, or null for a price this deployment does not sell. */
export function planForPrice(config: PriceConfig, priceId: string | null): Plan | null {
  if (!priceId) return null;
  const own = PLANS.find((p) => config[OWN_PRICE[p]] === priceId);
  if (own) return own;
  return priceId === config.STRIPE_PRICE_ID ? 'professional' : null;
}

/** The plan a workspace picked (at sign-up or last on /subscribe). */
export const planOf = (workspace: Pick<WorkspacePlan, 'plan'>): Plan =>
  (PLANS as readonly string[]).includes(workspace.plan) ? (workspace.plan as Plan) : 'hobbyist';

const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The plan whose limits apply to a workspace now: a paid subscription's plan (from its price, mirrored by
 * the Stripe webhooks), else during the trial the plan picked at sign-up. Without either, the chosen
 * plan's figures are shown but new work is refused anyway (billing/access.ts).
 */
export async function planState(opts: {
  db: Db;
  config: PriceConfig;
  workspace: WorkspacePlan;
  now: Date;
}): Promise<PlanState> {
  const { workspace } = opts;
  const subs = await opts.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspace.id))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(20);
  const live = subs.find((s) => (ACCESS_STATUSES as readonly string[]).includes(s.status));
  const shown = live ?? subs.find((s) => s.statusRank === 1) ?? null;
  const chosen = planOf(workspace);
  const trial = opts.now < workspace.trialEndsAt;
  const paidPlan = live ? (planForPrice(opts.config, live.priceId) ?? chosen) : null;
  const plan = paidPlan ?? chosen;
  const row = PLAN_TABLE[plan];
  const status = live ? 'active' : trial ? 'trial' : 'inactive';
  return {
    plan,
    planName: row.name,
    price: planPrice(plan),
    chosenPlan: chosen,
    status,
    trialEndsAt: workspace.trialEndsAt.toISOString(),
    subscription: shown
      ? {
          status: shown.status,
          plan: planForPrice(opts.config, shown.priceId),
          currentPeriodEnd: isoOrNull(shown.currentPeriodEnd),
          cancelAtPeriodEnd: shown.cancelAtPeriodEnd,
        }
      : null,
    limits: { verification: row.lists, scrape: row.scrapes, find: row.finds },
    // The one API rule (shared/plans.ts): White Label, paid or in its trial, like teams and branding.
    apiAccess: hasApiAccess(plan, status),
  };
}
