import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { useSubscriptionStatus } from '../../lib/auth';
import { formatDay } from '../../lib/format';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';

/** On every signed-in screen while a renewal has failed: the grace period's end, then read-only. */
export function PaymentIssueBanner() {
  const issue = useSubscriptionStatus(true).data?.paymentIssue;
  if (!issue) return null;
  return (
    <Alert variant={issue.readOnly ? 'destructive' : 'warning'} className="mb-6" data-testid="payment-issue">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>{issue.readOnly ? 'Your workspace is read-only' : 'Your last payment failed'}</AlertTitle>
      <AlertDescription>
        {issue.readOnly
          ? 'The grace period is over. You can still view and export everything; '
          : `Everything keeps working until ${formatDay(issue.graceEndsAt)}. `}
        <Link href="/settings/billing" className="font-medium underline underline-offset-4">
          Update your card in Billing
        </Link>
        {issue.readOnly ? ' to start new work again.' : ' before then.'}
      </AlertDescription>
    </Alert>
  );
}
