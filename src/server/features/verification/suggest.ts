import { POPULAR_DOMAINS } from './flags';

// Our own small list-based suggester. The npm spell checker we tried "corrects" real TLDs
// (d123.test → d123.de, foo.con → foo.co), so we only suggest a well-known provider within two
// edits, or fix a handful of TLD typos that are never real.
const TLD_TYPOS: Record<string, string> = {
  con: 'com',
  cmo: 'com',
  cpm: 'com',
  comm: 'com',
  coom: 'com',
  ocm: 'com',
  vom: 'com',
  xom: 'com',
  cim: 'com',
  cok: 'com',
  clm: 'com',
  nte: 'net',
  ner: 'net',
  nett: 'net',
  ogr: 'org',
  orgg: 'org',
  rog: 'org',
};

/** The popular domains by length, built once (read-only after: no state of the process). */
const BY_LENGTH: ReadonlyMap<number, readonly string[]> = byLength(POPULAR_DOMAINS);

function byLength(domains: readonly string[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const d of domains) {
    const list = out.get(d.length);
    if (list) list.push(d);
    else out.set(d.length, [d]);
  }
  return out;
}

/**
 * Letter counts of each popular domain. An edit (substitution, insertion, deletion) changes how many
 * characters two strings share (as multisets) by at most one and an adjacent swap not at all, so
 * the distance is at least max(|a|, |b|) − shared: a query measures the distance only to the few
 * candidates that bound lets through. Measuring every candidate cost ~50 µs per new domain (most of
 * step 1's time on a list of company domains); an index of their two-character deletions ~70 µs.
 */
const COUNTS: ReadonlyMap<string, Map<string, number>> = new Map(
  POPULAR_DOMAINS.map((d) => [d, letterCounts(d)]),
);

function letterCounts(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of s) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/** Characters `a` (its counts) and `b` share, as multisets. */
function shared(a: Map<string, number>, b: Map<string, number>): number {
  let n = 0;
  for (const [c, k] of b) n += Math.min(k, a.get(c) ?? 0);
  return n;
}

/** Optimal string alignment distance (Damerau with adjacent swaps), stopping early beyond `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

const POPULAR = new Set(POPULAR_DOMAINS);

/**
 * A domain that ends with a popular one (acme.com, ame.com → me.com; mygmail.com) is most likely a real,
 * distinct domain rather than a typo: its owner added letters in front on purpose. Never corrected.
 */
function endsWithPopular(domain: string): boolean {
  for (let i = 1; i < domain.length; i++) if (POPULAR.has(domain.slice(i))) return true;
  return false;
}

/** A likely intended domain for `asciiDomain`, or null. */
export function suggestDomain(asciiDomain: string): string | null {
  if (POPULAR.has(asciiDomain) || endsWithPopular(asciiDomain)) return null;
  // One edit on a short domain is too loose (me.com vs ma.com): ask for a longer match.
  const max = asciiDomain.length < 8 ? 1 : 2;
  const counts = letterCounts(asciiDomain);
  let best: string | null = null;
  let bestD = max + 1;
  // Nearest wins; on a tie the shorter domain, then the one listed first.
  for (let len = asciiDomain.length - max; len <= asciiDomain.length + max; len++) {
    for (const cand of BY_LENGTH.get(len) ?? []) {
      if (Math.max(len, asciiDomain.length) - shared(counts, COUNTS.get(cand)!) > max) continue;
      const d = distance(asciiDomain, cand, max);
      if (d < bestD) {
        best = cand;
        bestD = d;
      }
    }
  }
  if (best) return best;
  const dot = asciiDomain.lastIndexOf('.');
  const fix = TLD_TYPOS[asciiDomain.slice(dot + 1)];
  return fix ? `${asciiDomain.slice(0, dot)}.${fix}` : null;
}
