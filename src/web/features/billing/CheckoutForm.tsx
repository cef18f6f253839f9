import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PLAN_TABLE, type Plan, planPrice } from '../../../shared/plans';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';

/** The Payment Element and the pay button (idle, processing, then a toast), for the plan charged. */
export function CheckoutForm({ plan }: { plan?: Plan }) {
  const stripe = useStripe();
  const elements = useElements();
  // No field of its own (the card lives in Stripe's frame): the form gives the submission's state.
  const form = useForm();
  const processing = form.formState.isSubmitting;
  // Until the Payment Element has drawn itself, a placeholder keeps the card from jumping.
  const [ready, setReady] = useState(false);

  const onSubmit = form.handleSubmit(async () => {
    if (!stripe || !elements) return;
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.origin },
    });
    if (error) {
      toast({ title: 'Payment Failed', description: error.message, variant: 'destructive' });
    } else {
      toast({
        title: 'Payment Successful',
        description: plan ? `Welcome to the ${PLAN_TABLE[plan].name} plan!` : 'Your subscription is active.',
        variant: 'success',
      });
    }
  });

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
