import { TRIAL_DAYS as PLAN_TRIAL_DAYS } from '../../../shared/plans';
import { envInt, envString, envUrl } from '../../platform/config/env-helpers';

// Stripe and the trial (decisions 0600, 0610).
export const billingEnv = {
  // The screens say the plan table's trial (shared/plans.ts); set this only where they are changed too.
  TRIAL_DAYS: envInt(PLAN_TRIAL_DAYS, 0, 365),
  STRIPE_SECRET_KEY: envString(),
  STRIPE_PUBLISHABLE_KEY: envString(),
  STRIPE_PRICE_ID: envString(),
  // One price per plan; STRIPE_PRICE_ID stands in for Professional when that one is unset.
  STRIPE_PRICE_HOBBYIST: envString(),
  STRIPE_PRICE_PROFESSIONAL: envString(),
  STRIPE_PRICE_WHITELABEL: envString(),
  STRIPE_WEBHOOK_SECRET: envString(),
  STRIPE_API_URL: envUrl(),
};
