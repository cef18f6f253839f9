import { Loader2, OctagonX, PlayCircle, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { UploadListItem } from '../../../shared/lists';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDeleteUpload, useResumeUpload, useStopUpload, useVerifyAgain } from './api';
import { isPaymentRequired, toastPaymentRequired } from './payment-required';

type Upload = Pick<UploadListItem, 'id' | 'originalName' | 'status' | 'stats'>;

/** Stops a running verification: rows done keep their verdicts; it can be resumed. */
export function StopButton({ upload }: { upload: Upload }) {
  const stop = useStopUpload(upload.id, {
    onSuccess: () => {
      toast({
        title: 'Verification stopped',
        description: 'Emails already checked keep their results. Resume to check the rest.',
      });
    },
    onError: failureToast('Could not stop the verification'),
  });
  return (
    <Button variant="outline" disabled={stop.isPending} onClick={() => stop.mutate()}>
      {stop.isPending ? <Loader2 className="animate-spin" /> : <OctagonX />} Stop verification
    </Button>
  );
}

/** Resumes a stopped verification for the rows it did not check (not counted as a new list). */
export function ResumeButton({ upload, disabled }: { upload: Upload; disabled?: boolean }) {
  const resume = useResumeUpload(upload.id, {
    onSuccess: () => {
      toast({ title: 'Verification resumed' });
    },
    onError: (err) => {
      if (isPaymentRequired(err)) return toastPaymentRequired(err);
      failureToast('Could not resume the verification')(err);
    },
  });
  return (
    <Button disabled={disabled || resume.isPending} onClick={() => resume.mutate()}>
      {resume.isPending ? <Loader2 className="animate-spin" /> : <PlayCircle />} Resume verification
      {` (${upload.stats.pending.toLocaleString()})`}
    </Button>
  );
}

/**
 * "Verify again now" (decision 0890): rows this list answered for free from the workspace's recent
 * results are checked afresh, and their definite answers charged.
 */
export function VerifyAgainButton({ upload, disabled }: { upload: Upload; disabled?: boolean }) {
  const again = useVerifyAgain(upload.id, {
    onSuccess: (r) =>
      toast(
        r.started
          ? { title: 'Verifying again', description: 'Rows answered from recent results are checked afresh.' }
          : { title: 'Nothing to verify again', description: 'Every row of this list was checked by it.' },
      ),
    onError: (err) => {
      if (isPaymentRequired(err)) return toastPaymentRequired(err);
      failureToast('Could not verify again')(err);
    },
  });
  return (
    <Button
      variant="outline"
      disabled={disabled || again.isPending}
      onClick={() => again.mutate()}
      title="Rows answered for free from a recent result are checked now, and charged"
    >
      {again.isPending ? <Loader2 className="animate-spin" /> : <RotateCcw />} Verify again now
    </Button>
  );
}

/** Deletes the upload with its results, after a confirmation. */
export function DeleteUploadButton(props: {
  upload: Upload;
  onDeleted?: () => void;
  size?: 'sm' | 'default';
}) {
  const { upload } = props;
  const [open, setOpen] = useState(false);
  const remove = useDeleteUpload(upload.id, {
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'List deleted', description: `${upload.originalName} and its results were deleted.` });
      props.onDeleted?.();
    },
    onError: failureToast('Could not delete the list'),
  });
  const running = upload.status === 'processing';
  return (
    <>
      <Button
        variant="outline"
        size={props.size}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${upload.originalName}`}
      >
        <Trash2 /> Delete
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete “${upload.originalName}”?`}
        description={`Its ${upload.stats.total.toLocaleString()} emails and their results will be deleted for good${
          running ? ', and its verification stops' : ''
        }. Export what you need first.`}
        confirm="Delete list"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
