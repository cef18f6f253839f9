import { ADDRESS_PATTERNS, localPartsOf, type NameParts, patternById } from '../../../shared/finder';
import type { PatternSupport } from './evidence';

// The addresses to ask about for one person, best first: patterns the domain's examples support
// (each with all its spellings), then every other pattern's usual spelling by how common it is, then
// their other spellings (hyphens kept, particles dropped, umlauts spelled out).

export interface Candidate {
  address: string;
  pattern: string;
  /** The pattern's support at this domain (0 when only its prior speaks for it). */
  support: number;
}

/** Most candidates asked per person: beyond these, a mailbox is unlikely to follow any pattern. */
export const MAX_CANDIDATES = 12;

export function candidatesFor(name: NameParts, domain: string, support: PatternSupport[]): Candidate[] {
  const out: Candidate[] = [];
  const add = (local: string, pattern: string, weight: number) => {
    const address = `${local}@${domain}`;
    if (!out.some((c) => c.address === address)) out.push({ address, pattern, support: weight });
  };
  const supported = support.filter((s) => s.weight > 0 && patternById(s.pattern));
  for (const s of supported)
    for (const local of localPartsOf(name, s.pattern)) add(local, s.pattern, s.weight);
  // Patterns that bounced here go last of all.
  const against = new Set(support.filter((s) => s.weight < 0).map((s) => s.pattern));
  const rest = ADDRESS_PATTERNS.filter((p) => !supported.some((s) => s.pattern === p.id));
  const ordered = [...rest.filter((p) => !against.has(p.id)), ...rest.filter((p) => against.has(p.id))];
  for (const p of ordered) {
    const [usual] = localPartsOf(name, p.id);
    if (usual) add(usual, p.id, 0);
  }
  for (const p of ordered) for (const local of localPartsOf(name, p.id).slice(1)) add(local, p.id, 0);
  return out.slice(0, MAX_CANDIDATES);
}
