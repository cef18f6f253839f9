import { useQuery } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { DATA_EXPORT_KEEP_DAYS } from '../../shared/data-export';
import { dataExportQueries, useStartDataExport } from '../features/data-export/api';
import { errorMessage } from '../lib/api';
import { formatDay, formatKb } from '../lib/format';
import { failureToast } from '../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';
import { Progress } from '../ui/progress';

/** /settings/data: one zip of everything the account and its workspace hold, built in the background. */
export default function DataPage() {
  const q = useQuery(dataExportQueries.latest());
  const start = useStartDataExport({ onError: failureToast('Could not start the export') });
  const e = q.data?.export ?? null;
  const busy = e?.status === 'queued' || e?.status === 'running';
  return (
    <div className="space-y-6">
      <PageHeader title="Your data" description="Download everything your account and workspace hold." />
      <Card>
        <CardHeader>
          <CardTitle>Download your data</CardTitle>
          <CardDescription>
            One zip file: your lists with their results, scrape jobs and profiles, campaigns, templates,
            webhooks, the AI assistants you let in, usage and the activity log, as CSV and JSON. It stays
            available for {DATA_EXPORT_KEEP_DAYS} days.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {q.isLoading ? (
            <Loader2 className="size-5 animate-spin text-muted-foreground" aria-label="Loading" />
          ) : q.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Could not load your exports</AlertTitle>
              <AlertDescription>{errorMessage(q.error, 'Please reload the page.')}</AlertDescription>
            </Alert>
          ) : (
            <>
              {!e && <p className="text-sm text-muted-foreground">You have not made an export yet.</p>}
              {busy && e && (
                <div className="grid gap-2" aria-live="polite">
                  <p className="text-sm">Building your export… {e.progress}%</p>
                  <Progress value={e.progress} aria-label="Export progress" />
                </div>
              )}
              {e?.status === 'failed' && (
                <Alert variant="destructive">
                  <AlertTitle>The export failed</AlertTitle>
                  <AlertDescription>{e.error ?? 'Please try again.'}</AlertDescription>
                </Alert>
              )}
              {e?.status === 'ready' && e.downloadUrl && (
                <div className="flex flex-wrap items-center gap-3">
                  <Button asChild>
                    <a href={e.downloadUrl} download>
                      <Download aria-hidden="true" /> Download zip
                    </a>
                  </Button>
                  <span className="text-sm text-muted-foreground">
                    {formatKb(e.sizeBytes ?? 0)}, made {formatDay(e.createdAt)}, available until{' '}
                    {formatDay(e.expiresAt)}
                  </span>
                </div>
              )}
              <div>
                <Button
                  variant={e?.status === 'ready' ? 'outline' : 'default'}
                  onClick={() => start.mutate()}
                  disabled={busy || start.isPending}
                >
                  {(busy || start.isPending) && <Loader2 className="animate-spin" />}
                  {e ? 'Make a new export' : 'Export my data'}
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
