import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, OctagonX, PlayCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { UploadListItem } from '../../../shared/lists';
import { apiRequest } from '../../lib/api';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { listsQueries } from './api';
import { isPaymentRequired, toastPaymentRequired } from './use-start-verification';

type Upload = Pick<UploadListItem, 'id' | 'originalName' | 'status' | 'stats'>;

/** Every query of the upload and the lists: what stopping, resuming or deleting it changes. */
function useRefresh(uploadId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: listsQueries.uploads().queryKey });
    void queryClient.invalidateQueries({ queryKey: listsQueries.upload(uploadId).queryKey });
  };
}

/** Stops a running verification: rows done keep their verdicts; it can be resumed. */
export function StopButton({ upload }: { upload: Upload }) {
  const refresh = useRefresh(upload.id);
  const stop = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/upload/${upload.id}/cancel`)).json(),
    onSuccess: () => {
      refresh();
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
  const refresh = useRefresh(upload.id);
  const resume = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/verify/${upload.id}/pending`)).json(),
    onSuccess: () => {
      refresh();
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

/** Deletes the upload with its results, after a confirmation. */
export function DeleteUploadButton(props: {
  upload: Upload;
  onDeleted?: () => void;
  size?: 'sm' | 'default';
}) {
  const { upload } = props;
  const [open, setOpen] = useState(false);
  const refresh = useRefresh(upload.id);
  const remove = useMutation({
    mutationFn: async () => apiRequest('DELETE', `/api/upload/${upload.id}`),
    onSuccess: () => {
      setOpen(false);
      refresh();
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
