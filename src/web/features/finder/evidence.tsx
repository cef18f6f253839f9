import { useQuery } from '@tanstack/react-query';
import { bounceText, shownBand } from '../../../shared/calibration';
import { type FindResult, PATTERN_SOURCE_LABELS } from '../../../shared/finder';
import { smtpReplyText } from '../../../shared/verification';
import { calibrationQuery } from '../../lib/shared-queries';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 other patterns rejected" (of how many were asked), or that the first guess was the one. */
export function rejectedText(r: FindResult): string {
  const { rejected, tried } = r.evidence;
  if (tried === 0) return 'No address was asked';
  if (rejected === 0) return r.email ? 'No other pattern was rejected' : `${plural(tried, 'pattern')} asked`;
  return `${plural(rejected, 'other pattern')} rejected (of ${tried} asked)`;
}

/** One line for the table: the server's code, what was rejected and where the pattern came from. */
export function evidenceSummary(r: FindResult): string {
  const e = r.evidence;
  const parts = [
    e.smtpCode ? `SMTP ${e.smtpCode}` : null,
    e.rejected > 0 ? `${e.rejected} rejected` : null,
    r.pattern ? PATTERN_SOURCE_LABELS[e.source] : null,
  ];
  return parts.filter(Boolean).join(' · ') || (e.note ?? '—');
}

/** The evidence behind an answer: the mail server's reply, the rejected guesses, the pattern's source. */
export function EvidenceList({ result: r }: { result: FindResult }) {
  const e = r.evidence;
  const reply = smtpReplyText(e.smtpCode, e.smtpMessage);
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="find-evidence">
      <dt className="text-muted-foreground">Mail server's reply</dt>
      <dd className="break-words font-mono text-xs leading-5">{reply || 'No reply recorded'}</dd>
      <dt className="text-muted-foreground">Other guesses</dt>
      <dd>{rejectedText(r)}</dd>
      <dt className="text-muted-foreground">Pattern learned from</dt>
      <dd>
        {PATTERN_SOURCE_LABELS[e.source]}
        {e.examples.length > 0 && (
          <ul
            className="mt-1 space-y-0.5 text-xs text-muted-foreground"
            aria-label="Addresses that show the pattern"
          >
            {e.examples.map((x) => (
              <li key={x} className="break-all">
                {x}
              </li>
            ))}
          </ul>
        )}
      </dd>
      {e.note && (
        <>
          <dt className="text-muted-foreground">Note</dt>
          <dd>{e.note}</dd>
        </>
      )}
      <OwnSends result={r} />
    </dl>
  );
}

/** What the workspace's own sends measured for answers like this one (its status, its score band). */
function OwnSends({ result: r }: { result: FindResult }) {
  const c = useQuery(calibrationQuery()).data;
  if (!c || r.score === null) return null;
  const band = shownBand(r.score, c.findBands);
  const groups = [c.find.find((g) => g.key === r.status), band.measured ?? undefined];
  const shown = groups.filter((g) => g !== undefined);
  if (shown.length === 0) return null;
  return (
    <>
      {band.shown.key !== band.scored.key && (
        <>
          <dt className="text-muted-foreground">Shown as</dt>
          <dd>
            {band.shown.label}: your sends in {band.scored.label} bounced as that band's do
          </dd>
        </>
      )}
      <dt className="text-muted-foreground">Your sends</dt>
      <dd>{shown.map(bounceText).join('; ')}</dd>
    </>
  );
}
