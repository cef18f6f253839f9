import type { SendableGroup } from '../../../shared/smartlead';

/**
 * What the picker's choice names for the server (decision 0935): a list whose every offered row is chosen
 * goes by its id (so a send of whole lists is a few bytes whatever their size), other chosen rows by theirs.
 * `groups` are the lists as offered (risky rows only when included), the same rows the server sends.
 */
export function namedSelection(
  groups: SendableGroup[],
  selected: ReadonlySet<string>,
): { uploadIds: string[]; rowIds: string[] } {
  const uploadIds: string[] = [];
  const rowIds: string[] = [];
  for (const g of groups) {
    const chosen = g.emails.filter((e) => selected.has(e.id)).map((e) => e.id);
    if (chosen.length > 0 && chosen.length === g.emails.length) uploadIds.push(g.uploadId);
    else rowIds.push(...chosen);
  }
  return { uploadIds, rowIds };
}
