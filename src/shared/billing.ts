import { z } from 'zod';

// Contracts of the subscription and payment calls (SPEC §3, §7, §8).

/** POST /api/create-subscription: the client secret the Payment Element confirms. */
export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  subscriptionId: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** GET /api/stripe/config: the publishable key (public by design; never hard-coded in the bundle). */
export const stripeConfigResponseSchema = z.object({ publishableKey: z.string() });
export type StripeConfigResponse = z.infer<typeof stripeConfigResponseSchema>;

export const webhookAckSchema = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });

// Subscription statuses (Stripe's) that grant access to paid work.
export const ACCESS_STATUSES = ['active', 'trialing'] as const;

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';
