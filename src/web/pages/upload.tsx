import { useQuery } from '@tanstack/react-query';
import { BookmarkPlus, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { UploadResponse } from '../../shared/lists';
import { AccessNotice } from '../features/lists/AccessNotice';
import {
  discardDraft,
  listsQueries,
  useSaveUpload,
  useStartVerification,
  useUploadDraft,
} from '../features/lists/api';
import { FileDropZone } from '../features/lists/FileDropZone';
import { ListEstimateCard } from '../features/lists/ListEstimate';
import { PreviewTable, type StartState, UploadSummary } from '../features/lists/UploadPreview';
import { useHasAccess } from '../lib/access';
import { errorMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/PageHeader';
import { VerificationNotice } from '../ui/verification-notice';

// Upload: drop zone and picker, template link, summary, preview, and two start buttons. The file
// is stored as a draft for the preview: no upload appears in History until it is started or saved.
export default function UploadPage() {
  const [, navigate] = useLocation();
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [started, setStarted] = useState(false);
  const [saved, setSaved] = useState(false);
  // The draft to discard on leaving: cleared the moment it is started or saved.
  const draft = useRef<string | null>(null);
  useEffect(() => () => discardDraft(draft.current), []);
  const keep = (uploadId: string) => {
    if (draft.current === uploadId) draft.current = null;
  };

  const uploadMutation = useUploadDraft({
    onSuccess: (data) => {
      discardDraft(draft.current);
      draft.current = data.uploadId;
      setUpload(data);
      setStarted(false);
      setSaved(false);
      toast({
        title: 'File uploaded successfully',
        description: `Found ${data.totalEmails} emails in your CSV file.`,
      });
    },
    onError: (err) => {
      setUpload(null);
      toast({
        title: 'Upload failed',
        description: errorMessage(err, 'Failed to upload CSV file'),
        variant: 'destructive',
      });
    },
  });

  const save = useSaveUpload({
    onSuccess: () => {
      setSaved(true);
      toast({ title: 'Saved for later', description: 'Find it in History and start it when you are ready.' });
    },
    onError: (err, uploadId) => {
      draft.current = uploadId;
      toast({
        title: 'Could not save',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const startMutation = useStartVerification({
    onStarted: () => {
      setStarted(true);
      toast({
        title: 'Verification started',
        description: 'Email verification is now in progress. Check the dashboard for updates.',
      });
    },
    failure: { title: 'Verification failed to start' },
  });

  // The second button starts and goes straight to the dashboard.
  const startAndGoMutation = useStartVerification({
    onStarted: () => {
      setStarted(true);
      toast({ title: 'Verification Started' });
      navigate('/dashboard');
    },
    failure: { title: 'Verification Failed', description: 'Failed to start verification. Please try again.' },
  });

  const starting = startMutation.isPending || startAndGoMutation.isPending;
  const hasAccess = useHasAccess();
  // Once a run is going, both buttons stay off: a second click must not start it again.
  const startState: StartState = started
    ? 'running'
    : starting
      ? 'starting'
      : hasAccess
        ? 'ready'
        : 'blocked';

  // A started run paused on our side says so here too, not only on the dashboard.
  const status = useQuery(listsQueries.status(started && upload ? upload.uploadId : null));
  const notice = status.data?.status === 'processing' ? status.data.notice : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Upload CSV" description="Upload and process email lists for verification" />
      <FileDropZone
        uploading={uploadMutation.isPending}
        onFile={(f) => {
          setFile({ name: f.name, size: f.size });
          uploadMutation.mutate(f);
        }}
      />
      {file && upload && (
        <>
          {!started && <ListEstimateCard uploadId={upload.uploadId} />}
          <UploadSummary
            file={file}
            upload={upload}
            state={startState}
            onStart={() => {
              keep(upload.uploadId);
              startMutation.mutate(upload.uploadId);
            }}
          />
          {!started && (
            <div className="flex flex-wrap items-center justify-end gap-3 text-sm text-muted-foreground">
              <span>
                {saved
                  ? 'Saved: it is in History, ready to start.'
                  : 'Not ready to verify? Keep the list for later; otherwise it is not kept.'}
              </span>
              <Button
                variant="outline"
                disabled={saved || save.isPending || starting}
                onClick={() => {
                  keep(upload.uploadId);
                  save.mutate(upload.uploadId);
                }}
              >
                {save.isPending ? <Loader2 className="animate-spin" /> : <BookmarkPlus />}
                {saved ? 'Saved' : 'Save for later'}
              </Button>
            </div>
          )}
          {startState === 'blocked' && <AccessNotice />}
          {started && <VerificationNotice notice={notice} compact />}
          {started && (
            <div className="flex items-center justify-between rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-800">
              <span>
                {notice
                  ? 'Verification is paused by a problem on our side and resumes by itself.'
                  : 'Verification is running in the background. You can follow it live on the dashboard.'}
              </span>
              <Button asChild size="sm" variant="outline">
                <Link href={`/?uploadId=${upload.uploadId}`}>View results</Link>
              </Button>
            </div>
          )}
          <PreviewTable
            upload={upload}
            state={startState}
            onStart={() => {
              keep(upload.uploadId);
              startAndGoMutation.mutate(upload.uploadId);
            }}
          />
        </>
      )}
    </div>
  );
}
