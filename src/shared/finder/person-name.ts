import { latinOf, type Umlauts } from './transliterate';

// A person's name as the parts an address is built from: "Jean-Pierre van der Berg" → first
// "jeanpierre" (or "jean-pierre", "jean"), last "vanderberg" (or "berg"). Each part carries its
// spellings best first, because companies differ in what they keep of hyphens and particles.

export interface NameParts {
  /** Spellings of the first name for an address, best first (lower-case a-z0-9 and "-"). */
  first: string[];
  /** Spellings of the last name, best first. */
  last: string[];
  /** The name as the user wrote it, for the screen ("Jean-Pierre van der Berg"). */
  display: string;
}

export interface NameInput {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
}

const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'dame',
  'herr',
  'frau',
  'mme',
  'mlle',
  'm',
  'sr',
  'sra',
  'ing',
]);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'mba', 'esq', 'cpa', 'msc', 'bsc']);
// Particles that belong to the last name (van Gogh, de la Cruz, bin Salman, O' is handled by the apostrophe).
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'dos',
  'das',
  'du',
  'la',
  'le',
  'ter',
  'ten',
  'bin',
  'al',
  'el',
  'zu',
  'st',
]);

const plain = (w: string) => w.toLowerCase().replace(/[.'’]/g, '');

/** Words of a name in Latin letters, leading titles and trailing suffixes dropped, commas kept as a word ("Smith, Jane"). */
function words(text: string, umlauts: Umlauts): string[] {
  const ws = latinOf(text, umlauts).replace(/,/g, ' , ').split(/\s+/).filter(Boolean);
  while (ws.length > 1 && TITLES.has(plain(ws[0]))) ws.shift();
  while (ws.length > 1 && SUFFIXES.has(plain(ws[ws.length - 1]))) ws.pop();
  return ws;
}

/** Address-safe spelling of a word: lower-case, letters, digits and hyphens only. */
function token(word: string): string {
  return word
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

const unique = (xs: string[]) => [...new Set(xs.filter(Boolean))];

/** Spellings of a (possibly hyphenated) first name: joined, as written, its first half. */
function firstSpellings(word: string): string[] {
  const t = token(word);
  if (!t.includes('-')) return unique([t]);
  return unique([t.replace(/-/g, ''), t, t.split('-')[0]]);
}

/** Spellings of a last name of several words ("van der Berg"): all joined, then without particles. */
function lastSpellings(parts: string[]): string[] {
  const ts = parts.map(token).filter(Boolean);
  if (ts.length === 0) return [];
  const core = ts.filter((t, i) => i === ts.length - 1 || !PARTICLES.has(t));
  const joined = ts.join('').replace(/-/g, '');
  const coreJoined = core.join('').replace(/-/g, '');
  const last = ts[ts.length - 1];
  const spellings = [joined, ts.join('-'), coreJoined, last, ...(last.includes('-') ? last.split('-') : [])];
  return unique(spellings.map((s) => s.replace(/^-|-$/g, '')));
}

/** Splits a full name: "Smith, Jane" and "Jane van der Smith" both give first Jane. */
function splitFull(text: string, umlauts: Umlauts): { first: string; last: string[] } | null {
  const ws = words(text, umlauts);
  const comma = ws.indexOf(',');
  if (comma > 0 && comma < ws.length - 1) {
    const last = ws.slice(0, comma);
    const first = ws.slice(comma + 1).filter((w) => w !== ',');
    return first.length ? { first: first[0], last } : null;
  }
  const clean = ws.filter((w) => w !== ',');
  if (clean.length === 0) return null;
  if (clean.length === 1) return { first: clean[0], last: [] };
  // The last name starts at the first particle after the first word, else it is the last word.
  const particle = clean.findIndex((w, i) => i > 0 && PARTICLES.has(token(w)) && i < clean.length - 1);
  const start = particle > 0 ? particle : clean.length - 1;
  return { first: clean[0], last: clean.slice(start) };
}

/**
 * The parts of a name, or null when nothing of it can be spelled in an address (empty, or a script we
 * do not transliterate). A first name alone is kept: `{first}@` still works for it.
 */
export function nameParts(input: NameInput): NameParts | null {
  const plainSpelling = partsIn(input, 'strip');
  const german = partsIn(input, 'expand');
  if (!plainSpelling || !german) return plainSpelling ?? german;
  return {
    first: unique([...plainSpelling.first, ...german.first]),
    last: unique([...plainSpelling.last, ...german.last]),
    display: plainSpelling.display,
  };
}

function partsIn(input: NameInput, umlauts: Umlauts): NameParts | null {
  const firstIn = input.firstName?.trim() ?? '';
  const lastIn = input.lastName?.trim() ?? '';
  let first: string;
  let last: string[];
  if (firstIn || lastIn) {
    const f = words(firstIn, umlauts).filter((w) => w !== ',');
    first = f[0] ?? '';
    last = words(lastIn, umlauts).filter((w) => w !== ',');
  } else {
    const split = splitFull(input.fullName ?? '', umlauts);
    if (!split) return null;
    ({ first, last } = split);
  }
  const firsts = first ? firstSpellings(first) : [];
  const lasts = lastSpellings(last);
  if (firsts.length === 0 && lasts.length === 0) return null;
  const display = (firstIn || lastIn ? `${firstIn} ${lastIn}` : (input.fullName ?? ''))
    .trim()
    .replace(/\s+/g, ' ');
  return { first: firsts, last: lasts, display };
}
