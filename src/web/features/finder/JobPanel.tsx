import { Loader2, OctagonX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { FindJob } from '../../../shared/finder';
import { formatDateTime } from '../../lib/format';
import { failureToast, toast } from '../../lib/toast';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Progress } from '../../ui/progress';
import { VerificationNotice } from '../../ui/verification-notice';
import { isRunning, useDeleteFind, useStopFind } from './api';
import { SendActions } from './SendActions';
import { FindJobStatusBadge } from './status';

function DeleteFind({ job }: { job: FindJob }) {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteFind(job.id, {
    onSuccess: () => {
      toast({ title: 'Find deleted', description: `${job.name} and its results were deleted.` });
      navigate('/find');
    },
    onError: failureToast('Could not delete the find'),
  });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Trash2 /> Delete
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete “${job.name}”?`}
        description={`Its ${job.total.toLocaleString()} ${job.total === 1 ? 'result' : 'results'} will be deleted for good${
          isRunning(job) ? ', and the find stops' : ''
        }. Export what you need first.`}
        confirm="Delete find"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

/** A job's state (live while it runs), Stop and Delete, then export and sending. */
export function JobPanel({ job }: { job: FindJob }) {
  const stop = useStopFind(job.id, {
    onSuccess: () => toast({ title: 'Find stopped', description: 'People already done keep their answers.' }),
    onError: failureToast('Could not stop the find'),
  });
  const running = isRunning(job);
  const pct = job.total ? (job.done / job.total) * 100 : 0;
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <FindJobStatusBadge status={job.status} />
            <span>
              {job.kind === 'bulk' ? 'Bulk find' : 'Single find'} · started {formatDateTime(job.createdAt)}
              {job.finishedAt && ` · finished ${formatDateTime(job.finishedAt)}`}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            {running && (
              <Button variant="outline" disabled={stop.isPending} onClick={() => stop.mutate()}>
                {stop.isPending ? <Loader2 className="animate-spin" /> : <OctagonX />} Stop
              </Button>
            )}
            <DeleteFind job={job} />
          </div>
        </div>
        <div className="space-y-1" aria-live="polite">
          <div className="flex justify-between text-sm">
            <span data-testid="find-job-progress">
              {job.done.toLocaleString()} of {job.total.toLocaleString()}{' '}
              {job.total === 1 ? 'person' : 'people'} done
            </span>
            <span className="font-medium" data-testid="find-job-found">
              {job.found.toLocaleString()} found
            </span>
          </div>
          <Progress value={pct} aria-label={`${job.done} of ${job.total} people done`} />
        </div>
        {running && <VerificationNotice notice={job.notice} />}
        {job.error && (
          <Alert variant="destructive">
            <AlertDescription>{job.error}</AlertDescription>
          </Alert>
        )}
        <SendActions job={job} />
      </CardContent>
    </Card>
  );
}
