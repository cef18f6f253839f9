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

/** Most candidates asked per person at a domain whose pattern is known: beyond these, a mailbox is unlikely to follow any pattern. */
export const MAX_CANDIDATES = 12;

/**
 * Most candidates asked per person while the domain has shown no accepted address (decision 0350: a bulk
 * of made-up names must not sweep a server). The domain's first people share the patterns between
 * them instead (see `discoveryOrder`), so every pattern is still tried within three people.
 */
export const DISCOVERY_CANDIDATES = 8;

/**
 * People in a row whose every candidate a domain rejected, every pattern for two of them, before it is
 * asked no further: two single finds that each asked every pattern, or a bulk's first people (who
 * share the patterns, so it takes five of them to reject each pattern twice).
 */
export const REJECTS_EVERY_GUESS_AFTER = 2;

/** …unless some pattern was rejected for one person only: then up to this many people in a row. */
export const REJECTS_EVERY_GUESS_AT_MOST = 6;

/**
 * Most candidates asked by the last person still discovering a domain (a single find's one, a bulk's last
 * one there): every pattern's usual spelling once, and the other spelling of the most likely one. No
 * colleague goes on after them, and the rarest five (lastfirst, last.f, fl, f_last, last_first: 3 % of
 * domains) are otherwise never reached by a company's only find.
 */
export const ALONE_CANDIDATES = ADDRESS_PATTERNS.length + 1;

/** Candidates per person at a domain that rejected every candidate of that many people before (an earlier find). */
export const AFTER_REJECTS_CANDIDATES = 3;

/** Whether a domain that rejected every candidate of `inARow` people in a row is to be asked no further. */
export function rejectsEveryGuess(inARow: number, rejected: ReadonlyMap<string, number>): boolean {
  if (inARow >= REJECTS_EVERY_GUESS_AT_MOST) return true;
  return inARow >= REJECTS_EVERY_GUESS_AFTER && ADDRESS_PATTERNS.every((p) => (rejected.get(p.id) ?? 0) >= 2);
}

/** Patterns whose address names only an initial of the person: a.gonzalez fits Alberto and Angela. */
export function isInitialsPattern(pattern: string): boolean {
  return pattern.includes('{f}') || pattern.includes('{l}');
}

/** Patterns whose accepted address may be a namesake's: initials, or one name alone (liam@ fits every Liam). */
export function fitsNamesakes(pattern: string): boolean {
  return isInitialsPattern(pattern) || pattern === '{first}' || pattern === '{last}';
}

/** Patterns that spell both names out in full (angela.gonzalez): the address names one person. */
export const FULL_NAME_PATTERNS = ADDRESS_PATTERNS.filter(
  (p) => p.id.includes('{first}') && p.id.includes('{last}'),
).map((p) => p.id);

export function candidatesFor(
  name: NameParts,
  domain: string,
  support: PatternSupport[],
  limit = MAX_CANDIDATES,
): Candidate[] {
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
  return out.slice(0, limit);
}

/**
 * A domain's first people, while no address has been accepted there: each asks the two most likely
 * patterns (the person may simply have no mailbox) and then the patterns the people before them have
 * not tried yet, so that a rare pattern ({f}_{last} at a Microsoft 365 company) is reached by the
 * third person instead of never. `rejected` counts, per pattern, the people it was rejected for here.
 */
export function discoveryOrder(
  candidates: Candidate[],
  rejected: ReadonlyMap<string, number>,
  limit = DISCOVERY_CANDIDATES,
  alone = false,
): Candidate[] {
  const supported = candidates.filter((c) => c.support > 0);
  const rest = candidates.filter((c) => c.support <= 0);
  // Each pattern's usual spelling first (candidatesFor lists those before the other spellings): the
  // two most likely and the other spelling of the most likely one (bjoern.novak after bjorn.novak),
  // then the other patterns, those tried here least often first, then the other spellings.
  const usual = rest.filter((c, i) => rest.findIndex((x) => x.pattern === c.pattern) === i);
  const times = (c: Candidate) => rejected.get(c.pattern) ?? 0;
  const second = rest.find((c) => c.pattern === usual[0]?.pattern && c !== usual[0]);
  if (alone) {
    // A single find: the likely patterns by how common they are (one person without a mailbox says
    // little against a pattern), save those rejected for two people here; its last two candidates go
    // to the patterns tried here least, so that the workspace's finds at a domain reach a rare one.
    const likely = usual.filter((c) => times(c) < 2);
    // Never more than one spelling of each pattern (and the likeliest's other one): past those, asking
    // more spellings only adds rejections.
    const most = Math.min(limit, supported.length + usual.length + (second ? 1 : 0));
    const head = [...supported, ...likely.slice(0, 1), ...(second ? [second] : []), ...likely.slice(1)].slice(
      0,
      Math.max(0, most - 2),
    );
    const least = usual
      .filter((c) => !head.includes(c))
      .map((c, i) => ({ c, i }))
      .sort((a, b) => times(a.c) - times(b.c) || a.i - b.i)
      .map((x) => x.c);
    return [...head, ...least, ...rest.filter((c) => !head.includes(c) && !least.includes(c))].slice(0, most);
  }
  const head = usual.slice(0, 2);
  // A pattern rejected for one person may only mean that person has no mailbox: the patterns tried
  // least often here come first.
  const untried = usual
    .slice(2)
    .map((c, i) => ({ c, i }))
    .sort((a, b) => times(a.c) - times(b.c) || a.i - b.i)
    .map((x) => x.c);
  const taken = new Set([...head, ...untried, ...(second ? [second] : [])]);
  const ordered = [
    ...supported,
    ...head,
    ...(second ? [second] : []),
    ...untried,
    ...rest.filter((c) => !taken.has(c)),
  ];
  return ordered.slice(0, limit);
}

/**
 * The person's full-name addresses to ask after an initials address was accepted (the namesake
 * check): at most `count` full-name addresses in all, those already asked (and rejected) included.
 */
export function fullNameCandidates(
  name: NameParts,
  domain: string,
  asked: Candidate[],
  count: number,
): Candidate[] {
  const out: Candidate[] = [];
  let left = count - asked.filter((c) => FULL_NAME_PATTERNS.includes(c.pattern)).length;
  for (const pattern of FULL_NAME_PATTERNS) {
    if (left <= 0) break;
    const [usual] = localPartsOf(name, pattern);
    const address = usual && `${usual}@${domain}`;
    if (address && !asked.some((c) => c.address === address) && !out.some((c) => c.address === address)) {
      out.push({ address, pattern, support: 0 });
      left--;
    }
  }
  return out;
}
