import { MailSearch } from 'lucide-react';
import type { FindResult } from '../../../shared/finder';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { EvidenceList } from './evidence';
import { FindStatusBadge, ScoreMeter } from './status';

/** What a found (or not found) address means, in a sentence under the address. */
export function answerLine(r: FindResult): string {
  switch (r.status) {
    case 'valid':
      return `${r.domain ?? r.company}'s mail server accepted this address and refuses made-up ones.`;
    case 'accept_all':
      return `${r.domain ?? r.company} accepts any address, so this is our best-supported guess, not a proof.`;
    case 'unknown':
      return 'The mail server would not say whether this address exists.';
    case 'ambiguous':
      return 'This address fits another person of the same name too, so it is given to neither.';
    case 'not_found':
      return 'No address was found for this person.';
  }
}

/** The answer of a single find: the address to copy, its status and score, the pattern and evidence. */
export function FindAnswer({ result: r }: { result: FindResult }) {
  return (
    <Card data-testid="find-answer">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardDescription>
            {r.name} · {r.domain ?? r.company}
          </CardDescription>
          <FindStatusBadge status={r.status} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle className="min-w-0 break-all text-xl sm:text-2xl">
            {r.email ?? (
              <span className="flex items-center gap-2 text-muted-foreground">
                <MailSearch className="size-5" aria-hidden /> No address
              </span>
            )}
          </CardTitle>
          {r.email && <CopyButton text={r.email} size="sm" aria-label={`Copy ${r.email}`} />}
        </div>
        <p className="text-sm text-muted-foreground">{answerLine(r)}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Confidence</dt>
            <dd className="mt-1">
              <ScoreMeter score={r.score} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Pattern</dt>
            <dd className="mt-1 font-mono text-sm">{r.pattern ?? '—'}</dd>
          </div>
        </dl>
        <div className="rounded-lg border bg-muted/30 p-3">
          <h3 className="mb-2 text-sm font-semibold">Evidence</h3>
          <EvidenceList result={r} />
        </div>
      </CardContent>
    </Card>
  );
}
