// A plan's prices and the plan that applies to a workspace now are billing's (it owns the subscriptions
// they are read from: billing/plans.ts); usage's limits and the features that check them keep reading
// them here.
export { type PriceConfig, planState } from '../billing/plans';
