// What a company page publishes: addresses at its domain, and the names written near each one
// ("Jane Doe · Head of Sales · jane.doe@acme.com"), which is how an address teaches its pattern.

export interface PublishedAddress {
  address: string;
  /** Person-like names within a short distance before or after the address on the page. */
  names: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The page as plain text: scripts and styles dropped, tags as spaces, common entities decoded. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style|noscript)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<a\s[^>]*href\s*=\s*["']mailto:([^"'?]+)[^"']*["'][^>]*>/gi, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (m, n) => ENTITIES[n.toLowerCase()] ?? m)
    .replace(/\s+/g, ' ');
}

const ADDRESS = /[a-z0-9][a-z0-9._%+-]{0,63}@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
// Two to four capitalised words: "Jane Doe", "Jean-Pierre van der Berg", "José Núñez".
const NAME =
  /\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:van|von|der|den|de|del|della|di|da|du|la|le|bin|al)\s+)*\p{Lu}[\p{L}'’-]+){1,2}/gu;
const NEAR = 120;

/** Addresses at `domain` (or a subdomain) in the page, each with the names written near it. */
export function publishedAddresses(html: string, domain: string): PublishedAddress[] {
  const text = pageText(html);
  const found = new Map<string, Set<string>>();
  for (const m of text.matchAll(ADDRESS)) {
    const address = m[0].toLowerCase().replace(/\.$/, '');
    const at = address.slice(address.indexOf('@') + 1);
    if (at !== domain && !at.endsWith(`.${domain}`)) continue;
    const start = m.index ?? 0;
    const around = text.slice(Math.max(0, start - NEAR), start + m[0].length + NEAR);
    const names = found.get(address) ?? new Set<string>();
    for (const n of around.matchAll(NAME)) for (const w of windows(n[0])) names.add(w);
    found.set(address, names);
  }
  return [...found].map(([address, names]) => ({ address, names: [...names] }));
}

/**
 * Every run of two or three words of a capitalised phrase: "Mia Taylor Head" (a name, then a job
 * title's first word) holds "Mia Taylor"; particles stay with the word after them.
 */
function windows(phrase: string): string[] {
  const words = phrase.split(/\s+(?!(?:van|von|der|den|de|del|della|di|da|du|la|le|bin|al)\b)/);
  const out: string[] = [];
  for (let size = 2; size <= 3; size++) {
    for (let i = 0; i + size <= words.length; i++) out.push(words.slice(i, i + size).join(' '));
  }
  return out;
}
