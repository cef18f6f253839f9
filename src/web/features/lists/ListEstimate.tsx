import { useQuery } from '@tanstack/react-query';
import { Calculator, Loader2 } from 'lucide-react';
import { CREDIT_RULE, ESTIMATE_LABELS } from '../../../shared/credits';
import { errorMessage } from '../../lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { listsQueries } from './api';

const range = (r: { low: number; high: number }) =>
  r.low === r.high ? r.low.toLocaleString() : `${r.low.toLocaleString()}–${r.high.toLocaleString()}`;

/**
 * The free estimate shown before "Verify" (decision 0890): what the list will likely come back as and the
 * credits it will take, with the 95% range the small sample allows.
 */
export function ListEstimateCard({ uploadId }: { uploadId: string }) {
  const estimate = useQuery(listsQueries.estimate(uploadId));
  const e = estimate.data;
  return (
    <Card data-testid="list-estimate">
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <Calculator className="size-4" /> Free estimate, before you verify
        </CardDescription>
        <CardTitle className="text-xl">
          {e ? (
            <span data-testid="estimate-credits">
              About {e.credits.expected.toLocaleString()} credits{' '}
              <span className="text-base font-normal text-muted-foreground">(likely {range(e.credits)})</span>
            </span>
          ) : estimate.isError ? (
            'No estimate for this list'
          ) : (
            <span className="flex items-center gap-2 text-base font-normal text-muted-foreground">
              <Loader2 className="size-4 animate-spin" /> Checking domains and a small sample…
            </span>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        {estimate.isError && <p>{errorMessage(estimate.error, 'You can still verify the list.')}</p>}
        {e && (
          <>
            <ul className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3" data-testid="estimate-breakdown">
              {e.breakdown
                .filter((b) => b.high > 0)
                .map((b) => (
                  <li key={b.group} className="flex justify-between gap-2">
                    <span>{ESTIMATE_LABELS[b.group].label}</span>
                    <span className="tabular-nums text-foreground">
                      ~{b.expected.toLocaleString()}{' '}
                      <span className="text-muted-foreground">({range(b)})</span>
                    </span>
                  </li>
                ))}
            </ul>
            <p>
              Every row was checked without contacting mail servers; {e.sample.answered} of the{' '}
              {e.needSmtp.toLocaleString()} that need the mail server were asked as a sample. Ranges are 95%
              intervals. Addresses verified in your workspace in the last {e.reverifyDays} days are answered
              for free.
            </p>
            <p>{CREDIT_RULE}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
