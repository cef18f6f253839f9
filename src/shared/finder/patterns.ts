import type { NameParts } from './person-name';

// The address patterns companies use, with how common each is. The priors are the shares reported by
// public studies of business addresses (first.last leads everywhere; first alone in small firms;
// flast in US corporates) rounded and normalised here; they only order guesses where the domain has
// no evidence of its own, so their exact values matter less than their order.

export interface AddressPattern {
  /** The pattern as shown to users and stored: `{first}.{last}`, `{f}{last}`… */
  id: string;
  /** Share of business domains using it. */
  prior: number;
  /** Needs a last name (most do); `{first}` alone works for one-word names. */
  needsLast: boolean;
}

export const ADDRESS_PATTERNS: readonly AddressPattern[] = [
  { id: '{first}.{last}', prior: 0.38, needsLast: true },
  { id: '{first}', prior: 0.15, needsLast: false },
  { id: '{f}{last}', prior: 0.13, needsLast: true },
  { id: '{first}{last}', prior: 0.07, needsLast: true },
  { id: '{f}.{last}', prior: 0.05, needsLast: true },
  { id: '{first}_{last}', prior: 0.035, needsLast: true },
  { id: '{last}', prior: 0.03, needsLast: true },
  { id: '{first}{l}', prior: 0.03, needsLast: true },
  { id: '{last}.{first}', prior: 0.025, needsLast: true },
  { id: '{first}.{l}', prior: 0.02, needsLast: true },
  { id: '{last}{f}', prior: 0.02, needsLast: true },
  { id: '{first}-{last}', prior: 0.015, needsLast: true },
  { id: '{last}{first}', prior: 0.01, needsLast: true },
  { id: '{last}.{f}', prior: 0.008, needsLast: true },
  { id: '{f}{l}', prior: 0.005, needsLast: true },
  { id: '{f}_{last}', prior: 0.004, needsLast: true },
  { id: '{last}_{first}', prior: 0.003, needsLast: true },
];

const byId = new Map(ADDRESS_PATTERNS.map((p) => [p.id, p]));

export function patternById(id: string): AddressPattern | undefined {
  return byId.get(id);
}

/** The local part a pattern makes of one spelling of the name, or null when the name lacks a part. */
export function renderPattern(pattern: string, first: string, last: string): string | null {
  const p = byId.get(pattern);
  if (!p || !first || (p.needsLast && !last)) return null;
  const f = first.replace(/-/g, '')[0];
  const l = last.replace(/-/g, '')[0] ?? '';
  return pattern.replace('{first}', first).replace('{last}', last).replace('{f}', f).replace('{l}', l);
}

/** Every (pattern, local part) a name can make, each pattern with the best spelling first. */
export function localPartsOf(name: NameParts, pattern: string): string[] {
  const out: string[] = [];
  for (const first of name.first) {
    for (const last of name.last.length ? name.last : ['']) {
      const local = renderPattern(pattern, first, last);
      if (local && !out.includes(local)) out.push(local);
    }
  }
  return out;
}

/** The patterns that make exactly this local part from this name (an example teaches its domain's pattern). */
export function patternsMatching(name: NameParts, local: string): string[] {
  const l = local.toLowerCase();
  return ADDRESS_PATTERNS.filter((p) => localPartsOf(name, p.id).includes(l)).map((p) => p.id);
}
