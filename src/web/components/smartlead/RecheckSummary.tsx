import type { SendProgress } from '../../../shared/smartlead';

/**
 * What the re-check before sending did (decision 0221): leads verified long ago were asked again; the
 * ones now invalid were held back, the ones with no answer in time went on their earlier verdict.
 */
export function RecheckSummary({ recheck }: { recheck: SendProgress['recheck'] }) {
  const asked = recheck.checked + recheck.unanswered;
  if (asked === 0) return null;
  const parts = [
    `${asked.toLocaleString()} ${asked === 1 ? 'address' : 'addresses'} verified a while ago checked again`,
  ];
  if (recheck.heldInvalid > 0)
    parts.push(`${recheck.heldInvalid.toLocaleString()} no longer exist and were held back`);
  if (recheck.unanswered > 0)
    parts.push(
      `${recheck.unanswered.toLocaleString()} could not be checked in time and were sent on their earlier verdict`,
    );
  return (
    <p className="text-sm text-muted-foreground" data-testid="recheck-summary">
      {parts.join('; ')}.
    </p>
  );
}
