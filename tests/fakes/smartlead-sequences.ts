import type { FakeCampaign } from './smartlead';

// POST /campaigns/{id}/sequences as Smartlead documents it (api.smartlead.ai "Update Campaign Sequences"
// and the help center's "Save Campaign Sequence" example): a sequence or an A/B variant sent with its id is
// updated, one sent without an id is created. A variant that a saved step leaves out is kept: Smartlead
// documents no way to remove one, and keeping it is the reading under which variants sent without their
// ids pile up on each edit. A step left out is dropped (decision 0202).

type Row = Record<string, unknown>;

let nextVariantId = 7_000;

/** The campaign's sequences after the save, or why it is refused (404: an id that is not its own). */
export function mergeSequences(c: FakeCampaign, sent: Row[]): Row[] | string {
  const byId = new Map(c.sequences.map((s) => [s.id, s]));
  const stray = sent.find((s) => s.id !== null && s.id !== undefined && !byId.has(s.id));
  if (stray) return `Sequence ${String(stray.id)} not found in this campaign`;
  let next = Math.max(c.id * 100 - 1, ...c.sequences.map((s) => Number(s.id))) + 1;
  const merged: Row[] = [];
  for (const s of sent) {
    const old = s.id === null || s.id === undefined ? undefined : byId.get(s.id);
    const variants = mergeVariants((old?.seq_variants as Row[] | undefined) ?? [], s.seq_variants as Row[]);
    if (typeof variants === 'string') return variants;
    merged.push({ ...s, id: s.id ?? next++, ...(variants.length ? { seq_variants: variants } : {}) });
  }
  return merged;
}

function mergeVariants(old: Row[], sent: Row[] | undefined): Row[] | string {
  const kept = new Map(old.map((v) => [v.id, v]));
  for (const v of sent ?? []) {
    if (v.id === null || v.id === undefined) {
      const id = nextVariantId++;
      kept.set(id, { ...v, id });
    } else if (!kept.has(v.id)) return `Variant ${String(v.id)} not found in this sequence`;
    else kept.set(v.id, { ...v });
  }
  return [...kept.values()];
}
