import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

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
