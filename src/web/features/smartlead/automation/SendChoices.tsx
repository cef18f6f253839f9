import { AlertTriangle, ShieldBan } from 'lucide-react';
import { Link } from 'wouter';
import type { SendableEmail, SendableList } from '../../../../shared/smartlead';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';

/**
 * Decision 0400: risky rows (catch-all servers, role addresses) are offered only after an explicit
 * choice, with what it risks; invalid rows are never offered.
 */
export function IncludeRisky({
  count,
  checked,
  onChange,
}: {
  count: number;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  if (count === 0) return null;
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <label className="flex items-center gap-2 font-medium">
        <Checkbox
          checked={checked}
          onCheckedChange={(v) => onChange(v === true)}
          aria-label="Include risky addresses"
        />
        Include risky addresses ({count.toLocaleString()} catch-all or role)
      </label>
      <p>
        Their servers accept any address or they reach a shared inbox, so some may bounce or go unread.
        Bounces hurt your sending accounts’ reputation; send to them only if you know these domains.
      </p>
    </div>
  );
}

/** Warns when selected addresses already went to a campaign, and names the campaigns. */
export function AlreadySentWarning({
  selected,
  onDeselect,
}: {
  selected: SendableEmail[];
  onDeselect: (ids: string[]) => void;
}) {
  const sent = selected.filter((e) => e.sentTo.length > 0);
  if (sent.length === 0) return null;
  const byCampaign = new Map<string, number>();
  for (const e of sent) for (const c of e.sentTo) byCampaign.set(c.name, (byCampaign.get(c.name) ?? 0) + 1);
  return (
    <Alert variant="warning" data-testid="already-sent">
      <AlertTriangle />
      <AlertTitle>
        {sent.length.toLocaleString()} selected {sent.length === 1 ? 'address was' : 'addresses were'} already
        sent
      </AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <p>
          Already in: {[...byCampaign].map(([name, n]) => `“${name}” (${n.toLocaleString()})`).join(', ')}.
          Sending again may contact them twice.
        </p>
        <Button type="button" size="sm" variant="outline" onClick={() => onDeselect(sent.map((e) => e.id))}>
          Deselect them
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** Decision 0220: suppressed addresses are never offered; the screen says how many were held back and why. */
export function HeldBack({ heldBack }: { heldBack: SendableList['heldBack'] }) {
  const total = heldBack.reduce((n, h) => n + h.count, 0);
  if (total === 0) return null;
  return (
    <Alert variant="info" className="mb-4" data-testid="held-back">
      <ShieldBan />
      <AlertTitle>
        {total.toLocaleString()} {total === 1 ? 'address is' : 'addresses are'} held back
      </AlertTitle>
      <AlertDescription>
        On your{' '}
        <Link href="/suppressions" className="underline">
          suppression list
        </Link>
        , so never sent again:{' '}
        {heldBack.map((h) => `${h.count.toLocaleString()} ${HELD_BACK_WORDS[h.reason]}`).join(', ')}.
      </AlertDescription>
    </Alert>
  );
}

const HELD_BACK_WORDS: Record<SendableList['heldBack'][number]['reason'], string> = {
  bounced: 'bounced in a campaign',
  unsubscribed: 'unsubscribed',
  manual: 'added by hand',
  imported: 'imported',
};
