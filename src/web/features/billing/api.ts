import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BillingOverview,
  billingOverviewSchema,
  type CreateSubscriptionResponse,
  createSubscriptionResponseSchema,
  type PlanPreview,
  planPreviewSchema,
  portalSessionSchema,
  type StripeConfigResponse,
  stripeConfigResponseSchema,
} from '../../../shared/billing';
import type { Plan } from '../../../shared/plans';
import { planStateSchema, type UsageResponse, usageResponseSchema } from '../../../shared/usage';
import { apiJson } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';
import { planQuery } from '../../lib/shared-queries';
import { failureToast, toast } from '../../lib/toast';

// Plan and usage queries (the default loader GETs the key joined with `/`).
export const billingQueries = {
  plan: planQuery,
  /** This month's usage against the plan and six months of history. */
  usage: () =>
    queryOptions<UsageResponse>({ queryKey: ['/api/usage'], meta: { schema: usageResponseSchema } }),
  /** /settings/billing: subscription, next invoice, card, invoices, past-due grace. */
  overview: () =>
    queryOptions<BillingOverview>({
      queryKey: ['/api/billing/overview'],
      meta: { schema: billingOverviewSchema },
    }),
  /** Stripe's publishable key: asked each time a payment form opens, never served from the cache. */
  stripeConfig: () =>
    queryOptions<StripeConfigResponse>({
      queryKey: ['/api/stripe/config'],
      meta: { schema: stripeConfigResponseSchema },
      staleTime: 0,
    }),
};

export const billingCalls = {
  previewPlan: (plan: Plan) => apiJson(planPreviewSchema, 'POST', '/api/billing/preview-plan', { plan }),
  changePlan: (plan: Plan, prorationDate: number) =>
    apiJson(planStateSchema, 'POST', '/api/subscription/change-plan', { plan, prorationDate }),
  cancel: () => apiJson(planStateSchema, 'POST', '/api/billing/cancel'),
  resume: () => apiJson(planStateSchema, 'POST', '/api/billing/resume'),
  portal: () => apiJson(portalSessionSchema, 'POST', '/api/billing/portal'),
};

/** A billing change: on success the screen, the plan and usage are read again, and a toast says what happened. */
export function useBillingAction<A, R>(opts: { run: (arg: A) => Promise<R>; done: string; failed: string }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: opts.run,
    onSuccess: async () => {
      toast({ title: opts.done });
      await Promise.all([
        qc.invalidateQueries({ queryKey: billingQueries.overview().queryKey }),
        qc.invalidateQueries({ queryKey: billingQueries.plan().queryKey }),
        qc.invalidateQueries({ queryKey: billingQueries.usage().queryKey }),
      ]);
    },
    onError: failureToast(opts.failed),
  });
}

/** Stripe's proration preview of a plan change: nothing is billed until it is confirmed. */
export const usePlanPreview = (cb: MutationCallbacks<PlanPreview, Plan> = {}) =>
  useMutation({ mutationFn: billingCalls.previewPlan, ...cb });

/**
 * The subscription to pay for: `plan` (/subscribe?plan=) is charged, without one the plan chosen at
 * sign-up; the server reuses an open subscription. The answer holds the Payment Element's secret.
 */
export const useCreateSubscription = (
  cb: MutationCallbacks<CreateSubscriptionResponse, Plan | undefined> = {},
) =>
  useMutation({
    mutationFn: (plan?: Plan) =>
      apiJson(
        createSubscriptionResponseSchema,
        'POST',
        '/api/create-subscription',
        plan ? { plan } : undefined,
      ),
    ...cb,
  });

/** A session of Stripe's card portal; the screen goes to its address. */
export const useOpenPortal = (cb: MutationCallbacks<{ url: string }> = {}) =>
  useMutation({ mutationFn: billingCalls.portal, ...cb });
