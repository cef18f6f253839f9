import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { CANCELED_DATA_DAYS, PAYMENT_GRACE_DAYS } from '../../shared/billing';
import { CREDIT_RULE, ESTIMATE_RULE } from '../../shared/credits';
import { billingQueries } from '../features/billing/api';
import { InvoicesCard } from '../features/billing/InvoicesCard';
import { PlanChangeCard } from '../features/billing/PlanChangeCard';
import { SubscriptionCard } from '../features/billing/SubscriptionCard';
import { errorMessage } from '../lib/api';
import { formatDay } from '../lib/format';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';

/** /settings/billing: the subscription, its next invoice and card, plan changes, cancel / resume, invoices. */
export default function BillingPage() {
  const q = useQuery(billingQueries.overview());
  const o = q.data;
  return (
    <div className="space-y-6">
      <PageHeader title="Billing" description="Your plan, payment method and invoices." />
      {q.isLoading ? (
        <div className="flex justify-center py-12">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Loading billing" />
        </div>
      ) : q.isError || !o ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load billing</AlertTitle>
          <AlertDescription className="mt-2 space-y-2">
            <p>{errorMessage(q.error, 'Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => q.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : !o.configured ? (
        <Alert variant="info">
          <AlertTitle>Payments are not configured</AlertTitle>
          <AlertDescription>
            This server takes no payments, so there is no subscription to manage. Ask the person who runs it
            to set the Stripe keys if you expected one.
          </AlertDescription>
        </Alert>
      ) : (
        <>
          {o.pastDue && (
            <Alert variant={o.pastDue.readOnly ? 'destructive' : 'warning'}>
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>Your last payment failed</AlertTitle>
              <AlertDescription>
                {o.pastDue.readOnly
                  ? 'The grace period is over: your workspace is read-only. You can view and export your data; update your card to start new work again.'
                  : `Update your card by ${formatDay(o.pastDue.graceEndsAt)} (${PAYMENT_GRACE_DAYS} days after the failure). After that your workspace becomes read-only until the invoice is paid.`}
              </AlertDescription>
            </Alert>
          )}
          {o.subscription ? (
            <SubscriptionCard overview={o} sub={o.subscription} canManage={o.canManage} />
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>No subscription yet</CardTitle>
                <CardDescription>Pick a plan to keep working after your free trial.</CardDescription>
              </CardHeader>
              <CardContent>
                <Button asChild>
                  <a href="/subscribe">Choose a plan</a>
                </Button>
              </CardContent>
            </Card>
          )}
          {o.canManage && o.subscription && o.subscription.status !== 'canceled' && (
            <PlanChangeCard current={o.subscription.plan} />
          )}
          <InvoicesCard invoices={o.invoices} />
          <Alert variant="info" data-testid="billing-credits">
            <AlertTitle>What verification charges</AlertTitle>
            <AlertDescription>
              {CREDIT_RULE} {ESTIMATE_RULE} Your plan price covers them; the{' '}
              <Link href="/settings/usage" className="font-medium underline underline-offset-4">
                usage page
              </Link>{' '}
              shows each run's credits: reserved, charged and given back.
            </AlertDescription>
          </Alert>
          <Alert variant={o.dataDeletedAt ? 'warning' : 'info'}>
            <AlertTitle>Your data after cancellation</AlertTitle>
            <AlertDescription>
              {o.dataDeletedAt
                ? `Your subscription has ended. Your data stays downloadable until ${formatDay(o.dataDeletedAt)}, then it is deleted.`
                : `If you cancel, your data stays downloadable for ${CANCELED_DATA_DAYS} days after the subscription ends, then it is deleted.`}{' '}
              <Link href="/settings/data" className="font-medium underline underline-offset-4">
                Download your data
              </Link>
            </AlertDescription>
          </Alert>
        </>
      )}
    </div>
  );
}
