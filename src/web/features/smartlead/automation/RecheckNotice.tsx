import { RefreshCw } from 'lucide-react';
import type { SendableEmail } from '../../../../shared/smartlead';

/**
 * Before confirming (decision 0221): how many chosen addresses were last checked more than
 * REVERIFY_AFTER_DAYS ago, and what happens to them: asked again before they go, held back if they no
 * longer exist, and, if a check cannot be made, the send waits for the user to choose.
 */
export function RecheckNotice({ selected, afterDays }: { selected: SendableEmail[]; afterDays: number }) {
  const stale = selected.filter((e) => e.stale).length;
  if (stale === 0 || afterDays <= 0) return null;
  const n = stale.toLocaleString();
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="recheck-notice">
      <RefreshCw className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {n} of the chosen {stale === 1 ? 'address was' : 'addresses were'} last checked more than {afterDays}{' '}
        days ago, so {stale === 1 ? 'it is' : 'they are'} checked again before{' '}
        {stale === 1 ? 'it goes' : 'they go'}. Any that no longer exist are held back. If a check cannot be
        made (our network, or a mail server not answering), that is no verdict: the send waits for you to hold
        those back or send them as they were.
      </span>
    </p>
  );
}
