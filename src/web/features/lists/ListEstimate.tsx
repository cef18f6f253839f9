import { useQuery } from '@tanstack/react-query';
import { Calculator, Loader2 } from 'lucide-react';
import { CREDIT_RULE, ESTIMATE_LABELS, type EstimateGroup, type ListEstimate } from '../../../shared/credits';
import { errorMessage } from '../../lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { listsQueries } from './api';

const range = (r: { low: number; high: number }) =>
  r.low === r.high ? r.low.toLocaleString() : `${r.low.toLocaleString()}–${r.high.toLocaleString()}`;

// What step 1 knows of a group is narrower than the group: an invalid row known without a mail server
// has no domain or no mail host; an unknown one is a DNS answer we could not get.
const KNOWN_LABELS: Partial<Record<EstimateGroup, string>> = {
  invalid: 'No domain or no mail server',
  unknown: 'DNS did not answer (free)',
};

/**
 * The free estimate shown before "Verify" (decision 0890). What step 1 found (malformed, duplicates, no
 * domain or MX, disposable, recent answers) is exact; only the rows that need a mail server are a
 * forecast from the small sample, with its 95% range.
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
              <span className="text-base font-normal text-muted-foreground">
                {e.credits.low === e.credits.high
                  ? '(exact)'
                  : `(likely ${range(e.credits)}, ${e.credits.known.toLocaleString()} of them certain)`}
              </span>
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
      <CardContent className="space-y-4 text-sm text-muted-foreground">
        {estimate.isError && <p>{errorMessage(estimate.error, 'You can still verify the list.')}</p>}
        {e && <EstimateBody e={e} />}
      </CardContent>
    </Card>
  );
}

function EstimateBody({ e }: { e: ListEstimate }) {
  const known = e.breakdown.filter((b) => b.known > 0);
  const forecast = e.breakdown.filter((b) => b.smtp.high > 0);
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 md:gap-8">
        <section aria-labelledby="estimate-known" className="space-y-1">
          <h3 id="estimate-known" className="font-medium text-foreground">
            Known now, exactly
          </h3>
          {known.length === 0 ? (
            <p>Nothing: every row needs its mail server.</p>
          ) : (
            <ul data-testid="estimate-known" className="max-w-sm">
              {known.map((b) => (
                <li key={b.group} className="flex justify-between gap-2">
                  <span>{KNOWN_LABELS[b.group] ?? ESTIMATE_LABELS[b.group].label}</span>
                  <span className="tabular-nums text-foreground">{b.known.toLocaleString()}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="estimate-forecast" className="space-y-1">
          <h3 id="estimate-forecast" className="font-medium text-foreground">
            Forecast for {e.needSmtp.toLocaleString()} {e.needSmtp === 1 ? 'row' : 'rows'} that need the mail
            server
          </h3>
          {forecast.length === 0 ? (
            <p>None: no mail server needs to be asked.</p>
          ) : (
            <ul data-testid="estimate-forecast" className="max-w-sm">
              {forecast.map((b) => (
                <li key={b.group} className="flex justify-between gap-2">
                  <span>{ESTIMATE_LABELS[b.group].label}</span>
                  <span className="tabular-nums text-foreground">
                    ~{b.smtp.expected.toLocaleString()}{' '}
                    <span className="text-muted-foreground">({range(b.smtp)})</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <p>
        Every row was checked without contacting mail servers. {e.sample.answered} of the{' '}
        {e.needSmtp.toLocaleString()} rows that need the mail server were asked as a sample; the forecast's
        ranges are 95% intervals.
        {e.roleAddresses > 0 &&
          ` ${e.roleAddresses === 1 ? 'One of them is a role address' : `${e.roleAddresses.toLocaleString()} of them are role addresses`} (info@, sales@…), counted as role when the mailbox exists.`}{' '}
        Addresses verified in your workspace in the last {e.reverifyDays} days are answered for free.
      </p>
      <p>{CREDIT_RULE}</p>
    </>
  );
}
