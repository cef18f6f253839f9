import { CheckCircle2, Clock, Loader2, OctagonX, PauseCircle, XCircle } from 'lucide-react';
import { normalizeUploadStatus, type RowStatus } from '../../../shared/lists';
import { Badge } from '../../ui/badge';

const UPLOAD_STATUS = {
  draft: { label: 'Not started', variant: 'secondary', Icon: Clock },
  pending: { label: 'Pending', variant: 'secondary', Icon: Clock },
  processing: { label: 'Processing', variant: 'info', Icon: Loader2 },
  completed: { label: 'Completed', variant: 'success', Icon: CheckCircle2 },
  failed: { label: 'Failed', variant: 'destructive', Icon: XCircle },
  cancelled: { label: 'Stopped', variant: 'warning', Icon: OctagonX },
} as const;

/** A run waiting on our side (its notice): not "Processing" with a spinner that never moves. */
const PAUSED = { label: 'Paused', variant: 'warning', Icon: PauseCircle } as const;

/** Each upload status has a badge and an icon; unknown values show as Pending. */
export function UploadStatusBadge({ status, paused }: { status: string; paused?: boolean }) {
  const key = normalizeUploadStatus(status);
  if (key === 'processing' && paused) {
    return (
      <Badge variant={PAUSED.variant} data-testid="upload-status">
        <PAUSED.Icon aria-hidden />
        {PAUSED.label}
      </Badge>
    );
  }
  const s = UPLOAD_STATUS[key];
  return (
    <Badge variant={s.variant} data-testid="upload-status">
      <s.Icon className={status === 'processing' ? 'animate-spin' : undefined} aria-hidden />
      {s.label}
    </Badge>
  );
}

export function UploadStatusIcon({ status }: { status: string }) {
  const key = normalizeUploadStatus(status);
  const s = UPLOAD_STATUS[key];
  const tone = {
    draft: 'bg-slate-100 text-slate-600',
    pending: 'bg-slate-100 text-slate-600',
    cancelled: 'bg-amber-100 text-amber-700',
    processing: 'bg-sky-100 text-sky-600',
    completed: 'bg-emerald-100 text-emerald-600',
    failed: 'bg-red-100 text-red-600',
  }[key];
  return (
    <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
      <s.Icon className={`size-5 ${key === 'processing' ? 'animate-spin' : ''}`} aria-hidden />
    </span>
  );
}

const ROW_STATUS: Record<
  RowStatus,
  { label: string; variant: 'success' | 'destructive' | 'warning' | 'secondary' }
> = {
  valid: { label: 'Valid', variant: 'success' },
  invalid: { label: 'Invalid', variant: 'destructive' },
  risky: { label: 'Risky', variant: 'warning' },
  pending: { label: 'Pending', variant: 'secondary' },
  not_checked: { label: 'Not checked', variant: 'secondary' },
};

export function RowStatusBadge({ status }: { status: RowStatus }) {
  const s = ROW_STATUS[status] ?? ROW_STATUS.pending;
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

export function ProcessingMarker() {
  return (
    <Badge variant="info" className="whitespace-nowrap">
      <Loader2 className="animate-spin" aria-hidden />
      PROCESSING
    </Badge>
  );
}
