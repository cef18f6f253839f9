import {
  ADDRESS_PATTERNS,
  localPartsOf,
  type NameParts,
  nameParts,
  type PatternSource,
  patternsMatching,
} from '../../../shared/finder';

// What a domain's known addresses say about its pattern. An address with the owner's name beside it
// (a colleague found earlier, a row of an uploaded list, a team page) names its pattern exactly; an
// address without a name only shows its shape ("x.y" is most likely {first}.{last}). A bounced address
// counts against its pattern.

export interface Example {
  address: string;
  /** The owner's name(s) as written beside the address, when known. */
  names: string[];
  source: PatternSource;
  /** The workspace's campaigns saw it bounce (the bounce loop). */
  bounced?: boolean;
  /**
   * The user's own data says whose it is (a row of an uploaded list: name and address together); an
   * earlier find's answer is not proof of ownership, only of a mailbox.
   */
  owned?: boolean;
}

export interface PatternSupport {
  pattern: string;
  weight: number;
  /** The strongest source behind the weight. */
  source: PatternSource;
  /** Addresses that showed the pattern (at most 3). */
  examples: string[];
  /** Whether an example named its owner (an exact match, not a shape). */
  named: boolean;
}

const SOURCE_WEIGHT: Record<PatternSource, number> = { workspace: 3, this_search: 3, website: 2, common: 0 };
const RANK: PatternSource[] = ['workspace', 'this_search', 'website', 'common'];
const ROLE_LOCALS =
  /^(info|contact|hello|hi|sales|support|admin|office|team|press|media|jobs|careers|hr|billing|accounts?|marketing|privacy|legal|help|webmaster|postmaster|noreply|no-reply|enquiries|inquiries|service|mail)$/;

/** The patterns an example supports, and how strongly (1 for a name that matches, less for a shape). */
function patternsOf(example: Example): { patterns: string[]; strength: number } {
  const local = example.address.slice(0, example.address.indexOf('@')).toLowerCase();
  if (ROLE_LOCALS.test(local)) return { patterns: [], strength: 0 };
  for (const written of example.names) {
    const name = nameParts({ fullName: written });
    if (!name) continue;
    const patterns = patternsMatching(name, local);
    if (patterns.length) return { patterns, strength: 1 };
  }
  return { patterns: shapeOf(local), strength: 0.35 };
}

/** The pattern an unnamed local part's shape suggests: "jane.doe", "j.doe", "jane_doe", "jane-doe". */
function shapeOf(local: string): string[] {
  const m = /^([a-z]+)([._-])([a-z]+)$/.exec(local);
  if (!m) return [];
  const [, a, sep, b] = m;
  const first = a.length === 1 ? '{f}' : '{first}';
  const last = b.length === 1 ? '{l}' : '{last}';
  const id = `${first}${sep}${last}`;
  return ADDRESS_PATTERNS.some((p) => p.id === id) ? [id] : [];
}

/** Support per pattern from the examples, strongest first. */
export function patternSupport(examples: Example[]): PatternSupport[] {
  const by = new Map<string, PatternSupport>();
  for (const ex of examples) {
    const { patterns, strength } = patternsOf(ex);
    if (!patterns.length) continue;
    // An address that fits several patterns ("jane" of Jane Doe is {first} only; "jd" is {f}{l}) shares its weight.
    const w = ((ex.bounced ? -1 : 1) * strength * SOURCE_WEIGHT[ex.source]) / patterns.length;
    for (const pattern of patterns) {
      const s = by.get(pattern) ?? { pattern, weight: 0, source: ex.source, examples: [], named: false };
      s.weight += w;
      if (RANK.indexOf(ex.source) < RANK.indexOf(s.source)) s.source = ex.source;
      if (!ex.bounced && s.examples.length < 3 && !s.examples.includes(ex.address))
        s.examples.push(ex.address);
      if (strength === 1 && !ex.bounced) s.named = true;
      by.set(pattern, s);
    }
  }
  return [...by.values()].sort((a, b) => b.weight - a.weight);
}

/**
 * Addresses at the domain that name someone else: `owned` ones (the user's list says so) and the rest
 * (an earlier find's answer, a colleague found in this search), by address → that person's name.
 */
export function othersAddresses(
  examples: Example[],
  person: NameParts,
): { owned: Map<string, string>; claimed: Map<string, string> } {
  const mine = person.display.toLowerCase();
  const owned = new Map<string, string>();
  const claimed = new Map<string, string>();
  for (const ex of examples) {
    if (ex.source === 'website' || ex.names.some((n) => n.toLowerCase() === mine)) continue;
    const other = ex.names.find((n) => nameParts({ fullName: n }));
    if (!other) continue;
    (ex.owned ? owned : claimed).set(ex.address, other);
  }
  return { owned, claimed };
}

/**
 * People known at the domain (an example's named owner, or a name the workspace asked about there) whom
 * an accepted address of one name or initials fits as well as `person` (liam@ fits every Liam, a.gonzalez
 * every A. Gonzalez), and who have no other address of their own there: it may be theirs. None when a
 * team page or the user's own list ties the address to `person`.
 */
export function namesakesAt(opts: {
  examples: Example[];
  /** Names the workspace asked about at the domain before, whatever it answered. */
  people: string[];
  person: NameParts;
  address: string;
  pattern: string;
}): string[] {
  const { examples, person, address, pattern } = opts;
  const at = address.toLowerCase();
  const local = at.slice(0, at.indexOf('@'));
  const same = (a: string) => a.toLowerCase() === at;
  const mine = nameKey(person);
  const names = (ex: Example) => ex.names.map((n) => nameParts({ fullName: n })).filter((n) => n !== null);
  // A team page or the user's own list naming them with it ties it to them; an earlier find's answer
  // does not (it showed a mailbox, not whose).
  const tied = (ex: Example) => ex.source === 'website' || ex.owned;
  if (examples.some((ex) => tied(ex) && same(ex.address) && names(ex).some((n) => nameKey(n) === mine)))
    return [];
  const rivals = new Map<string, string>();
  const known = [...examples.flatMap(names), ...opts.people.map((n) => nameParts({ fullName: n }))];
  for (const other of known) {
    const key = other && nameKey(other);
    if (!other || !key || key === mine || rivals.has(key)) continue;
    if (!localPartsOf(other, pattern).includes(local)) continue;
    // A namesake known to have an address of their own there (a colleague's angela.gonzalez) is not a rival.
    const own = examples.some(
      (ex) =>
        !ex.bounced &&
        !same(ex.address) &&
        !ROLE_LOCALS.test(ex.address.slice(0, ex.address.indexOf('@')).toLowerCase()) &&
        names(ex).some((n) => nameKey(n) === key),
    );
    if (!own) rivals.set(key, other.display);
  }
  return [...rivals.values()];
}

/** One person however their name is written (Weiß and Weiss, José and Jose): their usual spellings. */
const nameKey = (n: NameParts) => `${n.first[0]} ${n.last[0] ?? ''}`;
