import { z } from 'zod';
import { planSchema } from './plans';

// Contracts of the subscription and payment calls.

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
// Billing self-service (/settings/billing, decision 0610).

/** Days a failed renewal keeps paid work open (banner) before the workspace becomes read-only. */
export const PAYMENT_GRACE_DAYS = 7;
/** Days a canceled workspace's data stays downloadable before it is deleted. */
export const CANCELED_DATA_DAYS = 30;

export const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  total: moneySchema,
  created: z.string(),
  /** Stripe's hosted invoice page (pay or download there); null for drafts. */
  hostedInvoiceUrl: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const paymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const billingOverviewSchema = z.object({
  /** False when this deployment has no Stripe keys: the screen says so instead of the billing cards. */
  configured: z.boolean(),
  /** Whether the signed-in user's role may change billing (admins and the owner). */
  canManage: z.boolean(),
  subscription: z
    .object({
      id: z.string(),
      status: z.string(),
      plan: planSchema.nullable(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  nextInvoice: z.object({ date: z.string().nullable(), total: moneySchema }).nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  invoices: z.array(invoiceSummarySchema),
  /** A failed renewal: paid work stays open until graceEndsAt, then the workspace is read-only. */
  pastDue: z.object({ since: z.string(), graceEndsAt: z.string(), readOnly: z.boolean() }).nullable(),
  /** After cancellation: when the workspace's data will be deleted (null while nothing is scheduled). */
  dataDeletedAt: z.string().nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const planPreviewRequestSchema = z.object({ plan: planSchema });
export const planPreviewSchema = z.object({
  plan: planSchema,
  /** Net of the prorations (credit for unused time, charge for the rest of the period on the new plan). */
  prorationTotal: moneySchema,
  /** What the next invoice will come to with the change. */
  nextInvoiceTotal: moneySchema,
  nextInvoiceDate: z.string().nullable(),
  /** Pass back to change-plan so Stripe charges exactly what was shown. */
  prorationDate: z.number().int(),
});
export type PlanPreview = z.infer<typeof planPreviewSchema>;

export const portalSessionSchema = z.object({ url: z.string() });
