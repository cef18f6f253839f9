import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreditRunsResponse,
  creditRunsResponseSchema,
  creditSettingsSchema,
} from '../../../shared/credits';
import { apiJson } from '../../lib/api';
import { failureToast, toast } from '../../lib/toast';

// The credits ledger (decision 0890): this month's runs, what each reserved, charged and released.
export const usageQueries = {
  credits: () =>
    queryOptions<CreditRunsResponse>({
      queryKey: ['/api/usage/credits'],
      meta: { schema: creditRunsResponseSchema },
      // A run in progress settles as its rows end.
      refetchInterval: (q) => (q.state.data?.reserved ? 5000 : false),
    }),
};

/** The ledger as a file: the same figures, run by run, and the month's found addresses. */
export const CREDITS_EXPORT_URL = '/api/usage/credits/export';

/** The workspace's re-verification window: days a definite answer is reused for free. */
export function useSetReverifyDays() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reverifyDays: number) =>
      apiJson(creditSettingsSchema, 'PUT', '/api/usage/credit-settings', { reverifyDays }),
    onSuccess: async (r) => {
      toast({ title: `Re-verification window: ${r.reverifyDays} days` });
      await qc.invalidateQueries({ queryKey: usageQueries.credits().queryKey });
    },
    onError: failureToast('Could not save the window'),
  });
}
