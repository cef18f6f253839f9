// Billing's surface for other features: the access gate of paid work, the plan state and prices, and
// what a workspace's erasure and the retention sweep ask of Stripe's side.
export { assertHasAccess } from './access';
export { assertNoLiveSubscription, queueStripeCustomerErase, stripeCustomersOf } from './customer-erase';
export { type PriceConfig, planState } from './plans';
export { markDataPurged, workspacesEndedBefore } from './purge';
