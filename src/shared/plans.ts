import { z } from 'zod';
import { MAX_CSV_BYTES } from './lists';
import { SCRAPE_MAX_ITEMS_LIMIT } from './scraper';

export const PLANS = ['hobbyist', 'professional', 'whitelabel'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

// The one table of plans (decision 0600). Every screen that names a
// price or a limit renders it from here, and the server's quota and plan gates read the same rows, so
// what is sold is what is enforced.

export interface PlanRow {
  id: Plan;
  name: string;
  priceCents: number;
  /** Lists verified a month (one upload or API list started = 1, whatever its size); null is unlimited. */
  lists: number | null;
  /** Instagram scrape jobs a month; null is unlimited. */
  scrapes: number | null;
  /** Addresses the email finder returns a month (one per person found); null is unlimited. */
  finds: number | null;
  /** White Label features: the public API (tokens, webhooks), team members, custom branding and domain. */
  whiteLabel: boolean;
  /** What the plan adds beyond its limits, in the words of the plan cards. */
  extras: string[];
  popular?: boolean;
}

export const PLAN_TABLE: Record<Plan, PlanRow> = {
  hobbyist: {
    id: 'hobbyist',
    name: 'Hobbyist',
    priceCents: 3999,
    lists: 20,
    scrapes: 20,
    finds: 500,
    whiteLabel: false,
    extras: ['AI data cleaning'],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    priceCents: 49999,
    lists: null,
    scrapes: null,
    finds: 10_000,
    whiteLabel: false,
    extras: ['AI data cleaning', 'Advanced analytics', 'Phone support in business hours'],
    popular: true,
  },
  whitelabel: {
    id: 'whitelabel',
    name: 'White Label',
    priceCents: 99999,
    lists: null,
    scrapes: null,
    finds: null,
    whiteLabel: true,
    extras: ['Everything in Professional', 'Custom branding and domain', 'Multi-user accounts'],
  },
};

export const PLAN_ROWS: PlanRow[] = PLANS.map((p) => PLAN_TABLE[p]);

export const TRIAL_DAYS = 7;
export const TRIAL_TEXT = `${TRIAL_DAYS}-day free trial, no credit card required`;
const LIST_MAX_MB = MAX_CSV_BYTES / (1024 * 1024);

/** "$39.99" */
export const planAmount = (p: Plan) => `$${(PLAN_TABLE[p].priceCents / 100).toFixed(2)}`;
/** "$39.99/month" */
export const planPrice = (p: Plan) => `${planAmount(p)}/month`;

/**
 * The one API rule, on every screen and in the gate: the API comes with White Label, paid or during its
 * trial (the plan picked at sign-up applies during the trial, as its quotas do). After the trial without a
 * subscription nothing new runs anyway.
 */
export const hasApiAccess = (p: Plan, status: 'trial' | 'active' | 'inactive') =>
  PLAN_TABLE[p].whiteLabel && status !== 'inactive';
export const API_RULE = `The API (tokens and webhooks) is part of the ${PLAN_TABLE.whitelabel.name} plan, during its free trial too.`;

/** "20 lists a month, up to 10 MB each" / "Unlimited lists, up to 10 MB each" */
export function listsLimitText(p: Plan): string {
  const n = PLAN_TABLE[p].lists;
  return `${n === null ? 'Unlimited lists' : `${n} lists a month`}, up to ${LIST_MAX_MB} MB each`;
}

/** "20 Instagram scrapes a month, up to 500 profiles each" */
export function scrapesLimitText(p: Plan): string {
  const n = PLAN_TABLE[p].scrapes;
  const head = n === null ? 'Unlimited Instagram scrapes' : `${n} Instagram scrapes a month`;
  return `${head}, up to ${SCRAPE_MAX_ITEMS_LIMIT} profiles each`;
}

/** "500 found addresses a month" / "Unlimited email finder" */
export function findsLimitText(p: Plan): string {
  const n = PLAN_TABLE[p].finds;
  return n === null
    ? 'Unlimited email finder'
    : `Email finder: ${n.toLocaleString('en-US')} found addresses a month`;
}

/** The API line of a plan card. */
export const apiText = (p: Plan) => (PLAN_TABLE[p].whiteLabel ? 'API access and webhooks' : 'No API access');

/**
 * How verification is charged, on every plan (decision 0890): the plan cards, billing and pricing say
 * it in these words.
 */
export const FAIR_CREDITS_TEXT =
  'Free estimate before each list; pay only for definite answers (unknown, malformed, duplicate, recently verified and unreached addresses are free)';

/** Everything a plan card lists, limits first: the same lines on every page. */
export const planFeatures = (p: Plan) => [
  listsLimitText(p),
  FAIR_CREDITS_TEXT,
  scrapesLimitText(p),
  findsLimitText(p),
  ...PLAN_TABLE[p].extras,
  apiText(p),
];
