import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import type { Plan } from '../../../shared/plans';
import { CheckoutForm } from './CheckoutForm';

export function PaymentForm(props: { stripe: Stripe; clientSecret: string; plan?: Plan }) {
  return (
    <Elements
      stripe={props.stripe}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#4f46e5', borderRadius: '8px' } },
      }}
    >
      <CheckoutForm plan={props.plan} />
    </Elements>
  );
}
