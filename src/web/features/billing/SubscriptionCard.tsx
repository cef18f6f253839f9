import { CreditCard, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { BillingOverview } from '../../../shared/billing';
import { PLAN_TABLE, planPrice } from '../../../shared/plans';
import { formatDay, formatMoney } from '../../lib/format';
import { failureToast } from '../../lib/toast';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { billingCalls, useBillingAction, useOpenPortal } from './api';

type Sub = NonNullable<BillingOverview['subscription']>;

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
};

/** The plan, when it renews (or ends), the next invoice, the card, and cancel / resume / update card. */
export function SubscriptionCard({
  overview,
  sub,
  canManage,
}: {
  overview: BillingOverview;
  sub: Sub;
  canManage: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useBillingAction({
    run: billingCalls.cancel,
    done: 'Subscription canceled at period end',
    failed: 'Could not cancel',
  });
  const resume = useBillingAction({
    run: billingCalls.resume,
    done: 'Subscription resumed',
    failed: 'Could not resume',
  });
  // Stays set once the portal answers: the page is leaving for it.
  const [opening, setOpening] = useState(false);
  const portal = useOpenPortal({
    onSuccess: (r) => window.location.assign(r.url),
    onError: (err) => {
      failureToast('Could not open the card settings')(err);
      setOpening(false);
    },
  });
  const openPortal = () => {
    setOpening(true);
    portal.mutate();
  };
  const live = sub.status !== 'canceled';
  const plan = sub.plan ? PLAN_TABLE[sub.plan] : null;
  const card = overview.paymentMethod;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-2xl">
          {plan ? `${plan.name} plan` : 'Your subscription'}
          <Badge variant={sub.status === 'active' ? 'success' : 'secondary'}>
            {STATUS_LABEL[sub.status] ?? sub.status}
          </Badge>
        </CardTitle>
        <CardDescription>{sub.plan && planPrice(sub.plan)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">
              {sub.cancelAtPeriodEnd || !live ? 'Ends on' : 'Renews on'}
            </dt>
            <dd className="font-medium">{formatDay(sub.currentPeriodEnd)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Next invoice</dt>
            <dd className="font-medium">
              {overview.nextInvoice
                ? `${formatMoney(overview.nextInvoice.total)} on ${formatDay(overview.nextInvoice.date)}`
                : 'None scheduled'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Payment method</dt>
            <dd className="flex items-center gap-1.5 font-medium">
              <CreditCard className="size-4" aria-hidden="true" />
              {card
                ? `${card.brand.toUpperCase()} ending ${card.last4}, expires ${card.expMonth}/${card.expYear}`
                : 'No card on file'}
            </dd>
          </div>
        </dl>
        {sub.cancelAtPeriodEnd && live && (
          <p className="text-sm">
            Your subscription ends on {formatDay(sub.currentPeriodEnd)}. Resume it to keep your plan.
          </p>
        )}
        {canManage && live && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={openPortal} disabled={opening}>
              {opening && <Loader2 className="animate-spin" />}
              Update card
            </Button>
            {sub.cancelAtPeriodEnd ? (
              <Button onClick={() => resume.mutate(undefined)} disabled={resume.isPending}>
                {resume.isPending && <Loader2 className="animate-spin" />}
                Resume subscription
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            )}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your subscription?"
        description={`Your plan stays active until ${formatDay(sub.currentPeriodEnd)} and you will not be charged again. After it ends, your data stays downloadable for 30 days, then it is deleted.`}
        confirm="Cancel at period end"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}
