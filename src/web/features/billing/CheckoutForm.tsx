import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Plan } from '../../../shared/auth';
import { PLAN_TABLE, planPrice } from '../../../shared/plans';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';

/** The Payment Element and the pay button (idle, processing, then a toast), for the plan charged. */
export function CheckoutForm({ plan }: { plan?: Plan }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  // Until the Payment Element has drawn itself, a placeholder keeps the card from jumping.
  const [ready, setReady] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: window.location.origin },
      });
      if (error) {
        toast({ title: 'Payment Failed', description: error.message, variant: 'destructive' });
      } else {
        toast({
          title: 'Payment Successful',
          description: plan
            ? `Welcome to the ${PLAN_TABLE[plan].name} plan!`
            : 'Your subscription is active.',
          variant: 'success',
        });
      }
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6">
      {!ready && (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-10 w-full" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
      )}
      <PaymentElement onReady={() => setReady(true)} />
      <Button
        type="submit"
        variant="gradient"
        size="lg"
        disabled={!stripe || !elements || !ready || processing}
      >
        {processing ? (
          <>
            <Loader2 className="animate-spin" /> Processing...
          </>
        ) : (
          <>
            <Lock /> {plan ? `Subscribe for ${planPrice(plan)}` : 'Subscribe'}
          </>
        )}
      </Button>
    </form>
  );
}
