import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartVerificationResponse } from '../../../shared/lists';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { listsQueries } from './api';

/** The server answers 402 when the trial is over and there is no plan (decision 0004). */
export function isPaymentRequired(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('402:');
}

export function toastPaymentRequired(err: unknown) {
  toast({
    title: 'Your free trial has ended',
    description: errorMessage(err, 'Upgrade to start new verifications. Your results stay available.'),
    variant: 'destructive',
  });
}

/**
 * POST /api/verify/{id}. `onStarted` runs after a successful start; failures toast with `failure`
 * (the caller's wording), except a refused start for lack of access, which says so.
 */
export function useStartVerification(opts: {
  onStarted?: (r: StartVerificationResponse) => void;
  failure: { title: string; description?: string };
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (uploadId: string) =>
      (await apiRequest('POST', `/api/verify/${uploadId}`)).json() as Promise<StartVerificationResponse>,
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: listsQueries.uploads().queryKey });
      void queryClient.invalidateQueries({ queryKey: listsQueries.upload(r.uploadId).queryKey });
      opts.onStarted?.(r);
    },
    onError: (err) => {
      if (isPaymentRequired(err)) return toastPaymentRequired(err);
      toast({
        title: opts.failure.title,
        description: opts.failure.description ?? errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
