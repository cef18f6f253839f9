import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast, toast } from '../../lib/toast';
import { billingQueries } from './api';

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
