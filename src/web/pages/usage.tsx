import { useQuery } from '@tanstack/react-query';
import { billingQueries } from '../features/billing/api';
import { CreditLedger } from '../features/usage/CreditLedger';
import { ProbeBudgetMeter } from '../features/usage/ProbeBudgetMeter';
import { UsageChart } from '../features/usage/UsageChart';
import { UsageMeters } from '../features/usage/UsageMeters';
import { errorMessage } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { PageHeader } from '../ui/PageHeader';
import { Skeleton } from '../ui/skeleton';

/** /settings/usage: this month's usage against the plan and six months of history (tokens and webhooks: Settings → API). */
export default function UsagePage() {
  const usage = useQuery(billingQueries.usage());
  return (
    <div className="space-y-6">
      <PageHeader title="Usage" description="What your plan includes and what you have used this month." />
      {usage.isLoading ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      ) : usage.isError || !usage.data ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load your usage</AlertTitle>
          <AlertDescription>{errorMessage(usage.error, 'Please reload the page.')}</AlertDescription>
        </Alert>
      ) : (
        <>
          <UsageMeters usage={usage.data} />
          <ProbeBudgetMeter probes={usage.data.probes} />
          <CreditLedger />
          <UsageChart history={usage.data.history} />
        </>
      )}
    </div>
  );
}
