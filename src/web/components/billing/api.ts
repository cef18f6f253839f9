import { queryOptions } from '@tanstack/react-query';
import type { PlanState, UsageResponse } from '../../../shared/usage';
import { getQueryFn } from '../../lib/api';

// Plan and usage queries (the default loader GETs the key joined with `/`).
export const billingQueries = {
  /** The plan, or null when signed out (/subscribe is reached signed in or out). */
  plan: () =>
    queryOptions<PlanState | null>({
      queryKey: ['/api/billing/plan'],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    }),
  /** This month's usage against the plan and six months of history. */
  usage: () => queryOptions<UsageResponse>({ queryKey: ['/api/usage'] }),
};
