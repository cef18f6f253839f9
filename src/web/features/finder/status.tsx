import { CheckCircle2, Clock, Loader2, OctagonX, XCircle } from 'lucide-react';
import { FIND_STATUS_LABELS, type FindJobStatus, type FindStatus } from '../../../shared/finder';
import { Badge } from '../../ui/badge';

type Variant = 'success' | 'warning' | 'secondary' | 'destructive' | 'info';

// Only a proven address is green; accept-all is a guess (amber), like ambiguous, which is given to
// nobody; unverified is grey (the server would not say); not found is red.
export const FIND_STATUS_VARIANT: Record<FindStatus, Variant> = {
  valid: 'success',
  accept_all: 'warning',
  unknown: 'secondary',
  ambiguous: 'warning',
  not_found: 'destructive',
};

export function FindStatusBadge({ status }: { status: FindStatus }) {
  return (
    <Badge variant={FIND_STATUS_VARIANT[status]} className="whitespace-nowrap" data-testid="find-status">
      {FIND_STATUS_LABELS[status]}
    </Badge>
  );
}

const JOB_STATUS: Record<FindJobStatus, { label: string; variant: Variant; Icon: typeof Clock }> = {
  queued: { label: 'Queued', variant: 'secondary', Icon: Clock },
  running: { label: 'Running', variant: 'info', Icon: Loader2 },
  completed: { label: 'Completed', variant: 'success', Icon: CheckCircle2 },
  stopped: { label: 'Stopped', variant: 'warning', Icon: OctagonX },
  failed: { label: 'Failed', variant: 'destructive', Icon: XCircle },
};

export function FindJobStatusBadge({ status }: { status: FindJobStatus }) {
  const s = JOB_STATUS[status];
  return (
    <Badge variant={s.variant} data-testid="find-job-status">
      <s.Icon className={status === 'running' ? 'animate-spin' : undefined} aria-hidden />
      {s.label}
    </Badge>
  );
}

/**
 * The confidence score: a native <meter> for assistive technology (its look cannot be styled the same
 * way in every browser), drawn beside it as a bar, green from 80, amber from 50, red below.
 */
export function ScoreMeter({ score, label = 'Confidence' }: { score: number; label?: string }) {
  const tone = score >= 80 ? 'bg-emerald-500' : score >= 50 ? 'bg-amber-500' : 'bg-red-500';
  return (
    <div className="flex items-center gap-2">
      <meter
        className="sr-only"
        min={0}
        max={100}
        low={50}
        high={80}
        optimum={100}
        value={score}
        aria-label={label}
      >
        {score} out of 100
      </meter>
      <div className="h-2 w-16 shrink-0 overflow-hidden rounded-full bg-secondary" aria-hidden>
        <div className={`h-full ${tone}`} style={{ width: `${score}%` }} />
      </div>
      <span className="text-sm font-semibold tabular-nums" aria-hidden>
        {score}
      </span>
    </div>
  );
}
