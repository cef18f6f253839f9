import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '../../../shared/auth';
import type { BillingOverview, PlanPreview } from '../../../shared/billing';
import type { PlanState, UsageResponse } from '../../../shared/usage';
import { apiRequest } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';
import { planQuery } from '../../lib/shared-queries';
import { failureToast, toast } from '../../lib/toast';

// Plan and usage queries (the default loader GETs the key joined with `/`).
export const billingQueries = {
  plan: planQuery,
  /** This month's usage against the plan and six months of history. */
  usage: () => queryOptions<UsageResponse>({ queryKey: ['/api/usage'] }),
  /** /settings/billing: subscription, next invoice, card, invoices, past-due grace. */
  overview: () => queryOptions<BillingOverview>({ queryKey: ['/api/billing/overview'] }),
};

const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

export const billingCalls = {
  previewPlan: (plan: Plan) => json<PlanPreview>(apiRequest('POST', '/api/billing/preview-plan', { plan })),
  changePlan: (plan: Plan, prorationDate: number) =>
    json<PlanState>(apiRequest('POST', '/api/subscription/change-plan', { plan, prorationDate })),
  cancel: () => json<PlanState>(apiRequest('POST', '/api/billing/cancel')),
  resume: () => json<PlanState>(apiRequest('POST', '/api/billing/resume')),
  portal: () => json<{ url: string }>(apiRequest('POST', '/api/billing/portal')),
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
