import type { ReactNode } from 'react';
import type { ResultRow } from '../../../shared/lists';
import { attemptsText, DECIDED_BY_TEXT, reasonText, smtpReplyText } from '../../../shared/verification';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { RowStatusBadge } from './status';

/** Shown beside the verdict of an address on the workspace's suppression list. */
export function SuppressedBadge() {
  return (
    <Badge
      variant="outline"
      data-testid="suppressed-badge"
      title="On your suppression list: never sent to Smartlead"
    >
      Suppressed
    </Badge>
  );
}

/**
 * "Why?": the evidence behind a row's verdict (decision 0221): the reason in words, the mail server's
 * answer, who runs the mail, how and when it was decided, and whether the address is suppressed.
 */
export function RowDetail({ r }: { r: ResultRow }) {
  const d = r.fourthVerificationDetails;
  const when = r.fourthVerifiedAt ?? r.verifiedAt;
  const items: [string, ReactNode][] = [
    ['Verdict', r.isFinal ? <RowStatusBadge key="verdict" status={r.finalStatus} /> : 'Not final yet'],
    ['Reason', reasonText(r.reason) || '—'],
    ['Confidence', r.score === null ? '—' : `${r.score} / 100 (estimated chance of delivery)`],
    [
      'Mail provider',
      r.provider
        ? `${r.provider.name}${r.provider.kind === 'gateway' ? ' (filtering gateway)' : ''}`
        : 'Not recognised',
    ],
    ['Mail server', d?.mxHost ?? '—'],
    [
      // A bounce overturned the check: its reply is what the server said then, not about the bounce.
      r.decidedBy === 'send_outcome' ? 'Server reply before the bounce' : 'Server reply',
      smtpReplyText(d?.smtpCode, d?.smtpMessage) || '—',
    ],
    [
      'How it was decided',
      r.decidedBy ? DECIDED_BY_TEXT[r.decidedBy] : r.isFinal ? 'Not recorded' : 'Not yet',
    ],
    ['Attempts', attemptsText(r.decidedBy, r.attempts)],
    [
      'Checked',
      r.reusedAt
        ? `${formatDateTime(r.reusedAt)}, by an earlier list of your workspace: answered from that result for free`
        : when
          ? formatDateTime(when)
          : 'Not yet',
    ],
    ['Suppression list', r.suppressed ? 'On the list: never sent to Smartlead again' : 'Not on the list'],
  ];
  if (r.suggestion) items.splice(2, 0, ['Did you mean', r.suggestion]);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          aria-label={`Why? Details for ${r.email.email}`}
          // Focus on mouse-down would expand the row's cut texts (focus-within) and move the button away
          // before mouse-up, so the click would land elsewhere; keyboard focus still expands them.
          onMouseDown={(e) => e.preventDefault()}
        >
          Why?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-all">{r.email.email}</DialogTitle>
          <DialogDescription>How this verdict was reached</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="row-detail">
          {items.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="break-words">{v}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
