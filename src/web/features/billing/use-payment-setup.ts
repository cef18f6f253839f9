import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Plan } from '../../../shared/plans';
import { errorMessage } from '../../lib/api';
import { billingQueries, useCreateSubscription } from './api';

export type PaymentSetup =
  | { state: 'loading' }
  | { state: 'error'; detail: string }
  | { state: 'ready'; clientSecret: string; stripe: Stripe };

/**
 * The subscription page: loading, then error or ready with a client secret. The subscription is
 * created once per page open; the ref keeps React's development double-mount from calling twice,
 * and the server reuses an open subscription anyway. Stripe.js is loaded here too (`pure`: only now, not
 * on import), so a blocked script ends in the same error card instead of a form that never appears.
 */
export function usePaymentSetup(plan?: Plan): PaymentSetup {
  const [setup, setSetup] = useState<PaymentSetup>({ state: 'loading' });
  const started = useRef(false);
  const qc = useQueryClient();
  const { mutateAsync: createSubscription } = useCreateSubscription();
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const [config, sub] = await Promise.all([
          qc.fetchQuery(billingQueries.stripeConfig()),
          createSubscription(plan),
        ]);
        const stripe = await loadStripe(config.publishableKey);
        if (!stripe) throw new Error('Stripe.js could not be loaded');
        setSetup({ state: 'ready', clientSecret: sub.clientSecret, stripe });
      } catch (err) {
        setSetup({ state: 'error', detail: errorMessage(err, '') });
      }
    })();
  }, [plan, qc, createSubscription]);
  return setup;
}
