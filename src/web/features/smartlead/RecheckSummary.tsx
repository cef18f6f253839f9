import type { SendProgress } from '../../../shared/smartlead';

/** The sentence a send's re-check comes to, or null when nothing was asked again. */
export function recheckSentence(recheck: SendProgress['recheck']): string | null {
  const asked = recheck.checked + recheck.unanswered;
  if (asked === 0) return null;
  const n = (x: number) => x.toLocaleString();
  const some = `${n(asked)} ${asked === 1 ? 'address' : 'addresses'} verified a while ago`;
  const parts = [
    recheck.unanswered === 0
      ? `${some} ${asked === 1 ? 'was' : 'were'} checked again`
      : `${some} ${asked === 1 ? 'was' : 'were'} due for a new check`,
  ];
  const were = (x: number) => (x === 1 ? 'was' : 'were');
  if (recheck.heldInvalid > 0)
    parts.push(
      `${n(recheck.heldInvalid)} no longer ${recheck.heldInvalid === 1 ? 'exists' : 'exist'} and ${were(recheck.heldInvalid)} held back`,
    );
  const waiting = recheck.waiting?.count ?? 0;
  const sentAsIs = recheck.unanswered - recheck.heldUnchecked - waiting;
  if (recheck.heldUnchecked > 0)
    parts.push(
      `${n(recheck.heldUnchecked)} could not be checked and ${were(recheck.heldUnchecked)} held back, as you chose`,
    );
  if (sentAsIs > 0)
    parts.push(`${n(sentAsIs)} could not be checked and went on their earlier verdict, as you chose`);
  if (waiting > 0) parts.push(`${n(waiting)} could not be checked and wait for your choice`);
  return `${parts.join('; ')}.`;
}

/**
 * What the re-check before sending did (decision 0221): leads verified long ago were asked again; the
 * ones now invalid were held back; the ones that could not be checked went or stayed as the user chose.
 */
/** What the "Campaign created" toast says: the leads actually sent, after the re-check held some back. */
export function createdDescription(name: string, chosen: number, heldBack: number): string {
  const sent = Math.max(0, chosen - heldBack);
  const held = chosen - sent;
  const heldWords = held > 0 ? ` (${held.toLocaleString()} held back)` : '';
  return `Created campaign "${name}" with ${sent.toLocaleString()} emails in Smartlead${heldWords}.`;
}

export function RecheckSummary({ recheck }: { recheck: SendProgress['recheck'] }) {
  const sentence = recheckSentence(recheck);
  if (!sentence) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="recheck-summary">
      {sentence}
    </p>
  );
}
