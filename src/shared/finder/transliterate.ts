// Names in Latin letters, as a company's mail admin would spell them in an address: accents dropped
// ("José" → "jose"), letters without a decomposition mapped ("ß" → "ss", "Łukasz" → "lukasz"), and
// Cyrillic and Greek transliterated by the common passport-style tables. German umlauts have two
// spellings in use ("Müller" → "muller" or "mueller"); the caller asks for one or the other.
// Scripts without a simple table (CJK, Arabic, Hebrew…) come out empty: we do not guess them.

export type Umlauts = 'strip' | 'expand';

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŀ: 'l',
};

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };

/** The text in lower-case Latin letters (spaces, hyphens and apostrophes kept). */
export function latinOf(text: string, umlauts: Umlauts = 'strip'): string {
  let s = text.normalize('NFC').toLowerCase();
  if (umlauts === 'expand') s = s.replace(/[äöü]/g, (c) => UMLAUTS[c]);
  // Composed first (above) so that an "ä" typed as a + combining mark is caught too; then marks dropped.
  // Cyrillic before the marks go: "й" is "и" with a breve, yet its own letter.
  s = [...s].map((c) => CYRILLIC[c] ?? c).join('');
  s = s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  // Greek digraphs read as one sound (ELOT 743): "ου" is "ou", not "oy".
  s = s.replace(/ου/g, 'ou').replace(/αυ/g, 'av').replace(/ευ/g, 'ev');
  let out = '';
  for (const c of s) out += SPECIAL[c] ?? GREEK[c] ?? c;
  return out;
}
