import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { CREDIT_RULE, RELEASE_LABELS, RELEASE_REASONS } from '../../../shared/credits';
import { errorMessage } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { CREDITS_EXPORT_URL, usageQueries, useSetReverifyDays } from './api';

/** This month's credits run by run: reserved at the start, then charged or released, and why (0890). */
export function CreditLedger() {
  const credits = useQuery(usageQueries.credits());
  const d = credits.data;
  return (
    <Card data-testid="credit-ledger">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardDescription>Credits this month</CardDescription>
          <CardTitle className="text-2xl">
            {d ? (
              <span data-testid="credits-charged">
                {d.charged.toLocaleString()} charged
                {d.reserved > 0 && (
                  <span className="text-base font-normal text-muted-foreground">
                    {' '}
                    · {d.reserved.toLocaleString()} reserved by runs in progress
                  </span>
                )}
              </span>
            ) : (
              <Skeleton className="h-8 w-40" />
            )}
          </CardTitle>
        </div>
        <Button asChild size="sm" variant="outline">
          <a href={CREDITS_EXPORT_URL} download data-testid="credits-csv">
            <Download /> Download CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-muted-foreground">
        <p>
          {CREDIT_RULE} A run reserves one credit per row when it starts and gives back what it does not
          charge.
        </p>
        {credits.isError && (
          <p className="text-destructive">{errorMessage(credits.error, 'Please reload.')}</p>
        )}
        {d && d.runs.length === 0 && <p>No list was verified this month yet.</p>}
        {d && d.runs.length > 0 && (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>List</TableHead>
                  <TableHead className="text-right">Reserved</TableHead>
                  <TableHead className="text-right">Charged</TableHead>
                  {RELEASE_REASONS.map((r) => (
                    <TableHead key={r} className="text-right">
                      {RELEASE_LABELS[r]}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.runs.map((r) => (
                  <TableRow key={`${r.uploadId}:${r.runId}`} data-testid="credit-run">
                    <TableCell className="min-w-48">
                      <div className="font-medium text-foreground">{r.listName}</div>
                      <div>
                        {formatDay(r.startedAt)}
                        {r.runId > 1 ? ` · run ${r.runId}` : ''}
                        {r.settledAt ? '' : ` · in progress, ${r.open.toLocaleString()} still reserved`}
                      </div>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{r.reserved.toLocaleString()}</TableCell>
                    <TableCell className="text-right font-medium tabular-nums text-foreground">
                      {r.charged.toLocaleString()}
                    </TableCell>
                    {RELEASE_REASONS.map((k) => (
                      <TableCell key={k} className="text-right tabular-nums">
                        {r.released[k].toLocaleString()}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {d && <ReverifyWindow days={d.reverifyDays} />}
      </CardContent>
    </Card>
  );
}

function ReverifyWindow({ days }: { days: number }) {
  const [value, setValue] = useState(String(days));
  const save = useSetReverifyDays();
  const n = Number(value);
  const ok = Number.isInteger(n) && n >= 0 && n <= 365;
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) save.mutate(n);
      }}
    >
      <label htmlFor="reverify-days">Re-verification window: an address verified in the last</label>
      <Input
        id="reverify-days"
        className="w-20"
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={!ok}
      />
      <span>days is answered from that result for free (0: always check again).</span>
      <Button type="submit" size="sm" variant="outline" disabled={!ok || save.isPending || n === days}>
        Save
      </Button>
    </form>
  );
}
