import type { ResultRow } from '../../../shared/lists';
import { reasonText } from '../../../shared/verification';
import { Badge } from '../../ui/badge';
import { ProcessingMarker, RowStatusBadge } from './status';

/** Reason of a row in words; rows still in a run say what they wait for. */
export function rowReason(r: ResultRow, notStarted: boolean): string {
  if (r.reason) return reasonText(r.reason);
  if (r.isFinal) return '';
  if (r.finalStatus === 'not_checked') return 'Not checked (stopped)';
  if (notStarted) return 'Not checked yet';
  // Step 1 has not reached the row yet: the final check comes after it.
  return r.status === 'pending' ? 'Awaiting initial check' : 'Awaiting final check';
}

export function NotStartedBadge() {
  return <Badge variant="secondary">Not started</Badge>;
}

/** The verdict cell: final status, or where the row stands when it has none yet. */
export function FinalStatusCell({ r, notStarted }: { r: ResultRow; notStarted: boolean }) {
  if (r.isFinal || r.finalStatus === 'not_checked') return <RowStatusBadge status={r.finalStatus} />;
  return notStarted ? <NotStartedBadge /> : <ProcessingMarker />;
}

export function InitialStatusCell({ r, notStarted }: { r: ResultRow; notStarted: boolean }) {
  if (r.status !== 'pending') return <RowStatusBadge status={r.status} />;
  return notStarted ? <NotStartedBadge /> : <ProcessingMarker />;
}

/** Text that may wrap before each dot (a line break there reads naturally in an address). */
function DotBreaks({ text }: { text: string }) {
  return text.split('.').map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <span key={i}>
      {i > 0 && (
        <>
          <wbr />.
        </>
      )}
      {part}
    </span>
  ));
}

/**
 * An address shown whole: it may wrap after the @ and before a dot (never in the middle of a word
 * unless one part alone is wider than the space, e.g. a 30-letter name on a phone).
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={`block [overflow-wrap:anywhere] ${className}`} data-testid="email-text">
      {at < 0 ? (
        email
      ) : (
        <>
          <DotBreaks text={email.slice(0, at)} />
          <wbr />@<DotBreaks text={email.slice(at + 1)} />
        </>
      )}
    </span>
  );
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
