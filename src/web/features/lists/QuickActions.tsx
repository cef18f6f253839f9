import { Download, History, Loader2, PlayCircle, RefreshCw, Upload } from 'lucide-react';
import { Link } from 'wouter';
import type { UploadStatusResponse } from '../../../shared/lists';
import { useHasAccess } from '../../lib/access';
import { isNotStarted } from '../../lib/estimate';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { useResumeUpload, useStartVerification } from './api';
import { openExport } from './ExportMenu';
import { isPaymentRequired, toastPaymentRequired } from './payment-required';
import { DeleteUploadButton, ResumeButton, StopButton, VerifyAgainButton } from './upload-actions';

export function QuickActions({
  status,
  onDeleted,
}: {
  status: UploadStatusResponse;
  /** The upload was deleted: the screen moves to another one. */
  onDeleted: () => void;
}) {
  const hasAccess = useHasAccess();
  const notStarted = isNotStarted(status);
  const running = status.status === 'processing';
  const stopped = status.status === 'cancelled';
  const reverify = useResumeUpload(status.id, {
    onError: (err) => {
      if (isPaymentRequired(err)) return toastPaymentRequired(err);
      // A re-verify failure is only logged.
      console.error('Failed to start re-verification', err);
    },
  });
  const start = useStartVerification({
    onStarted: () =>
      toast({
        title: 'Verification started',
        description: 'Email verification is now in progress. Check the dashboard for updates.',
      }),
    failure: { title: 'Verification failed to start' },
  });
  // A start stays disabled from the click until the run is over: one click, one run.
  const startBusy = start.isPending || (start.isSuccess && !status.completedAt) || running;
  const canReverify = status.stats.pending > 0 && !running && hasAccess;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {notStarted ? (
          <Button
            onClick={() => start.mutate(status.id)}
            disabled={startBusy || !hasAccess}
            title={hasAccess ? undefined : 'Your free trial has ended'}
          >
            {start.isPending ? <Loader2 className="animate-spin" /> : <PlayCircle />}
            {startBusy ? 'Verification running' : 'Start Verification'}
          </Button>
        ) : running ? (
          <StopButton upload={status} />
        ) : stopped ? (
          <ResumeButton upload={status} disabled={!hasAccess} />
        ) : (
          <Button
            variant="outline"
            disabled={!canReverify || reverify.isPending}
            onClick={() => reverify.mutate()}
            title={canReverify ? undefined : 'No pending emails to re-verify'}
          >
            <RefreshCw className={reverify.isPending ? 'animate-spin' : undefined} /> Re-verify Pending
            {status.stats.pending > 0 ? ` (${status.stats.pending.toLocaleString()})` : ''}
          </Button>
        )}
        {status.status === 'completed' && <VerifyAgainButton upload={status} disabled={!hasAccess} />}
        <Button variant="outline" onClick={() => openExport(status.id, 'valid', status.stats, stopped)}>
          <Download /> Export Valid
        </Button>
        <Button asChild variant="outline">
          <Link href="/upload">
            <Upload /> Upload New List
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/history">
            <History /> View History
          </Link>
        </Button>
        <DeleteUploadButton upload={status} onDeleted={onDeleted} />
      </CardContent>
    </Card>
  );
}
