import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo } from 'react';
import { CheckoutForm } from './CheckoutForm';

// One Stripe.js per publishable key; `pure` loads the script only now, not on import of the bundle.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string) {
  let p = loaded.get(key);
  if (!p) {
    p = loadStripe(key);
    loaded.set(key, p);
  }
  return p;
}

export function PaymentForm(props: { publishableKey: string; clientSecret: string }) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#4f46e5', borderRadius: '8px' } },
      }}
    >
      <CheckoutForm />
    </Elements>
  );
}
