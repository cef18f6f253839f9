import { queryOptions } from '@tanstack/react-query';
import type { Plan } from '../../../shared/auth';
import type { BillingOverview, PlanPreview } from '../../../shared/billing';
import type { PlanState, UsageResponse } from '../../../shared/usage';
import { apiRequest } from '../../lib/api';
import { planQuery } from '../../lib/shared-queries';

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
