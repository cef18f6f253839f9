import type { ResultRow } from '../../../shared/lists';
import { reasonText } from '../../../shared/verification';
import { Badge } from '../ui/badge';
import { ProcessingMarker, RowStatusBadge } from './status';

/** Reason of a row in words; rows still in a run say what they wait for. */
export function rowReason(r: ResultRow, notStarted: boolean): string {
  if (r.reason) return reasonText(r.reason);
  if (r.isFinal) return '';
  return notStarted ? 'Not checked yet' : 'Awaiting final check';
}

export function NotStartedBadge() {
  return <Badge variant="secondary">Not started</Badge>;
}

/** The verdict cell: final status, or where the row stands when it has none yet. */
export function FinalStatusCell({ r, notStarted }: { r: ResultRow; notStarted: boolean }) {
  if (r.isFinal) return <RowStatusBadge status={r.finalStatus} />;
  return notStarted ? <NotStartedBadge /> : <ProcessingMarker />;
}

export function InitialStatusCell({ r, notStarted }: { r: ResultRow; notStarted: boolean }) {
  if (r.status !== 'pending') return <RowStatusBadge status={r.status} />;
  return notStarted ? <NotStartedBadge /> : <ProcessingMarker />;
}

/**
 * One line, cut with an ellipsis; the full text shows on hover (title) and in place while the row has
 * keyboard focus (its checkbox), so nothing is ever hidden for good.
 */
export function Cut({ text, className = '' }: { text: string; className?: string }) {
  return (
    <span
      title={text}
      className={`block truncate group-focus-within:whitespace-normal group-focus-within:break-all ${className}`}
    >
      {text}
    </span>
  );
}
