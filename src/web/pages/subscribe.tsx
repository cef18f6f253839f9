import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Check, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PLAN_TABLE, PLANS, type Plan, planAmount, planFeatures } from '../../shared/plans';
import { billingQueries } from '../features/billing/api';
import { PaymentForm } from '../features/billing/PaymentForm';
import { PlanChangeCard } from '../features/billing/PlanChangeCard';
import { usePaymentSetup } from '../features/billing/use-payment-setup';
import { MinimalHeader } from '../layout/MinimalHeader';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';

const pickedPlan = (): Plan | null => {
  const p = new URLSearchParams(window.location.search).get('plan');
  return (PLANS as readonly string[]).includes(p ?? '') ? (p as Plan) : null;
};

// /subscribe: setup spinner, then the error card or the payment form. Reached by a full page
// load (avatar menu, trial banner, usage screen), signed in or out. A paying user changes plan here instead,
// with Stripe's proration shown before confirming (as on /settings/billing).
export default function SubscribePage() {
  const picked = pickedPlan();
  const state = useQuery(billingQueries.plan());
  if (state.isLoading) return <Shell>{SPINNER}</Shell>;
  if (state.data?.status === 'active') {
    return (
      <Shell>
        <PlanChangeCard current={state.data.plan} picked={picked} />
      </Shell>
    );
  }
  return <PaymentFlow plan={picked ?? state.data?.chosenPlan} />;
}

const SPINNER = (
  <div className="flex flex-col items-center gap-3 py-24" role="status" aria-live="polite">
    <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
    <p className="text-sm text-muted-foreground">Setting up your subscription...</p>
  </div>
);

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/40">
      <MinimalHeader />
      <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">{children}</main>
    </div>
  );
}

function PaymentFlow({ plan }: { plan?: Plan }) {
  const setup = usePaymentSetup(plan);
  return (
    <div className="min-h-screen bg-muted/40">
      <MinimalHeader />
      <main id="main" className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
        <h1 className="sr-only">Subscription</h1>
        {setup.state === 'loading' && (
          <div className="flex flex-col items-center gap-3 py-24" role="status" aria-live="polite">
            <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">Setting up your subscription...</p>
          </div>
        )}
        {setup.state === 'error' && (
          <Card role="alert">
            <CardHeader className="items-center text-center">
              <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-red-100 text-destructive">
                <AlertCircle className="size-6" aria-hidden="true" />
              </span>
              <CardTitle className="text-xl">Subscription Error</CardTitle>
              <CardDescription>Failed to initialize payment. Please try again.</CardDescription>
              {setup.detail && <p className="text-xs text-muted-foreground">{setup.detail}</p>}
            </CardHeader>
            <CardContent className="flex justify-center">
              <Button asChild variant="outline">
                <Link href="/">
                  <ArrowLeft /> Go Back
                </Link>
              </Button>
            </CardContent>
          </Card>
        )}
        {setup.state === 'ready' && (
          <Card>
            <CardHeader>
              <CardTitle className="text-2xl">
                {plan ? `Subscribe to ${PLAN_TABLE[plan].name}` : 'Subscribe'}
              </CardTitle>
              {plan && (
                <CardDescription>
                  <span className="text-2xl font-bold text-foreground">{planAmount(plan)}</span>
                  <span>/month · cancel anytime</span>
                </CardDescription>
              )}
              <ul className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
                {(plan ? planFeatures(plan) : []).map((p) => (
                  <li key={p} className="flex items-center gap-2">
                    <Check className="size-4 text-emerald-600" aria-hidden="true" /> {p}
                  </li>
                ))}
              </ul>
            </CardHeader>
            <CardContent>
              <PaymentForm stripe={setup.stripe} clientSecret={setup.clientSecret} plan={plan} />
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}
