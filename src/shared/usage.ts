import { z } from 'zod';
import { type Plan, planSchema } from './plans';
import { probeBudgetSchema } from './probe-budget';

// Plans, quotas and metered usage (decision 0600).

export const USAGE_KINDS = ['verification', 'scrape', 'find'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

// Monthly limits per plan: PLAN_TABLE in ./plans (lists = verification runs, scrapes = scrape jobs).

export const USAGE_LABELS: Record<UsageKind, { one: string; many: string }> = {
  verification: { one: 'list verification', many: 'list verifications' },
  scrape: { one: 'Instagram scrape', many: 'Instagram scrapes' },
  find: { one: 'found address', many: 'found addresses' },
};

/** The plan one step up that lifts a limit (the 402's upgrade path). */
export function upgradeFor(plan: Plan, need: 'quota' | 'api'): Plan {
  if (need === 'api') return 'whitelabel';
  return plan === 'hobbyist' ? 'professional' : 'whitelabel';
}

export const planStateSchema = z.object({
  /** The plan whose limits apply now. */
  plan: planSchema,
  planName: z.string(),
  price: z.string(),
  /** The plan picked at sign-up (or last picked on /subscribe). */
  chosenPlan: planSchema,
  /** trial: the free trial runs; active: a paid subscription; inactive: neither (new work is refused). */
  status: z.enum(['trial', 'active', 'inactive']),
  trialEndsAt: z.string(),
  subscription: z
    .object({
      status: z.string(),
      plan: planSchema.nullable(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  limits: z.object({
    verification: z.number().nullable(),
    scrape: z.number().nullable(),
    find: z.number().nullable(),
  }),
  apiAccess: z.boolean(),
});
export type PlanState = z.infer<typeof planStateSchema>;

export const usageCounterSchema = z.object({
  kind: z.enum(USAGE_KINDS),
  used: z.number().int(),
  units: z.number().int(),
  limit: z.number().int().nullable(),
});

export const usageResponseSchema = z.object({
  /** The calendar month (UTC) counted, as YYYY-MM. */
  month: z.string(),
  resetsAt: z.string(),
  plan: planStateSchema,
  counters: z.array(usageCounterSchema),
  /** Mail-server checks (probes) spent and left this hour and today (decision 0860). */
  probes: probeBudgetSchema,
  /** The last six months, oldest first (this month included). */
  history: z.array(
    z.object({
      month: z.string(),
      verification: z.number().int(),
      scrape: z.number().int(),
      find: z.number().int(),
    }),
  ),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

export const changePlanSchema = z.object({
  plan: planSchema,
  // The second of the preview the user confirmed: Stripe prorates as of then.
  prorationDate: z.number().int().positive().optional(),
});
// The subscribe call posts no body; /subscribe?plan= may send the plan picked.
export const createSubscriptionBodySchema = z.object({ plan: planSchema.optional() }).nullish();
