import {
  BUSINESS_WORDS,
  CREDENTIALS,
  FIRST_NAMES,
  LEGAL_SUFFIX,
  NAME_SUFFIXES,
  ROLE_WORDS,
  TITLES,
} from './name-words';

// Rule-based cleaning of Instagram display names (works with no model configured): person or business,
// "Name | Company" splits, handles and decorations removed, legal forms dropped, sensible capitals.

export interface CleanInput {
  fullName: string;
  username: string;
  bio: string;
}
export interface CleanOutput {
  cleanedFullName: string;
  cleanedCompany: string;
  isBusiness: boolean;
}

// Emoji, symbols and their joiners/selectors (an alternation: they are combining characters).
const DECORATION =
  /\p{Extended_Pictographic}|\p{So}|\p{Regional_Indicator}|\uFE0F|\u200D|\u20E3|[™®©✦✧★☆♡♥~*"“”]/gu;
const SEPARATOR = /\s+[-–—|•·:/]+\s+|\s*[|•·]\s*/;
// Joining words kept lower-case inside a business name, English and the common Romance/Germanic ones
// ("Pan y Más Panadería", "Casa de la Flor", "Haus am See").
const SMALL = new Set(
  'of and the for a an in on at by to & y e o de del la las los el da do dos das di du des le et und am im von van der'.split(
    ' ',
  ),
);

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const bare = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}&]/gu, '');

function stripDecorations(s: string): string {
  // Decorations go before NFKC, which would turn ™ into the letters TM.
  return s
    .replace(DECORATION, ' ')
    .normalize('NFKC')
    .replace(/\([^)]*\)/g, ' ') // "(@handle)", "(she/her)"
    .replace(/(^|\s)@[\w.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—|•·:,.]+|[\s\-–—|•·:,]+$/g, '')
    .trim();
}

function capitaliseWord(w: string, i: number, person: boolean): string {
  const lower = w.toLowerCase();
  if (!person && i > 0 && SMALL.has(lower)) return lower;
  if (NAME_SUFFIXES.has(lower))
    return lower.length <= 3 && !lower.startsWith('j') && !lower.startsWith('s')
      ? lower.toUpperCase()
      : lower[0].toUpperCase() + lower.slice(1);
  return lower
    .split('-')
    .map((part) => {
      if (person && /^mc\p{L}{2,}/u.test(part)) return `Mc${part[2].toUpperCase()}${part.slice(3)}`;
      if (/^o'\p{L}/u.test(part)) return `O'${part[2].toUpperCase()}${part.slice(3)}`;
      return part ? part[0].toUpperCase() + part.slice(1) : part;
    })
    .join('-');
}

/** Title case for words written all-lower or all-upper; deliberate mixed case (HubSpot, eXp) is kept. */
export function smartCase(s: string, opts: { person: boolean }): string {
  const ws = words(s);
  const letters = s.replace(/[^\p{L}]/gu, '');
  const shouting = letters.length > 3 && letters === letters.toUpperCase();
  // A business name someone already capitalised on purpose (starts with a capital, has lower-case letters)
  // is kept as written: "Pan y Más Panadería" must not become "Pan Y Más Panadería".
  const deliberate = /^\p{Lu}/u.test(letters) && letters !== letters.toUpperCase();
  if (!opts.person && deliberate) return ws.join(' ');
  return ws
    .map((w, i) => {
      const l = w.replace(/[^\p{L}]/gu, '');
      const isLower = l === l.toLowerCase();
      const isUpper = l === l.toUpperCase();
      // Short upper-case words inside normal text are acronyms (NYC, BBQ, SF).
      if (isUpper && !shouting && !opts.person && l.length <= 3 && l.length > 0) return w;
      if (isLower || isUpper) return capitaliseWord(w, i, opts.person);
      return w;
    })
    .join(' ');
}

export function simplifyCompany(s: string): string {
  let out = s.trim();
  for (let i = 0; i < 3 && LEGAL_SUFFIX.test(out); i++) out = out.replace(LEGAL_SUFFIX, '');
  return out.replace(/[\s,&.-]+$/, '').trim();
}

const isBusinessText = (s: string) =>
  LEGAL_SUFFIX.test(s) || /^the\s/i.test(s) || words(s).some((w) => BUSINESS_WORDS.has(bare(w)));
const isRoleText = (s: string) => {
  const ws = words(s);
  return ws.length > 0 && ws.length <= 3 && ROLE_WORDS.has(bare(ws[ws.length - 1]));
};

/** "Dr. Priya Patel, DDS" → "Priya Patel"; null when the text is not shaped like a person's name. */
function personName(s: string): string | null {
  let text = s.replace(/,\s*([A-Za-z.]+)\s*$/, (m, cred: string) => (CREDENTIALS.has(bare(cred)) ? '' : m));
  let ws = words(text);
  while (ws.length > 2 && TITLES.has(ws[0].toLowerCase())) ws = ws.slice(1);
  if (ws.length === 2 && TITLES.has(ws[0].toLowerCase())) return null;
  ws = ws.filter(
    (w) => !CREDENTIALS.has(bare(w)) || w !== w.toUpperCase() || NAME_SUFFIXES.has(w.toLowerCase()),
  );
  text = ws.join(' ');
  if (ws.length < 2 || ws.length > 4) return null;
  if (!ws.every((w) => /^[\p{L}][\p{L}'.-]*$/u.test(w))) return null;
  if (isBusinessText(text) || isRoleText(text)) return null;
  return smartCase(text, { person: true });
}

/** A leading given name + surname inside a business name ("Jake Thompson Photography"). */
function ownerPrefix(s: string): string | null {
  const ws = words(s);
  if (ws.length < 3 || !FIRST_NAMES.has(bare(ws[0]))) return null;
  return personName(ws.slice(0, 2).join(' '));
}

const COMPANY_IN_BIO =
  /\b(?:co-?founder|founder|ceo|cto|coo|owner|co-?owner|president|director|partner|manager|head|lead|vp|dentist|esthetician|realtor|agent|broker|engineer|designer|consultant|chef|stylist|photographer|editor)\b[^|\n]{0,20}?\s(?:(?:of|at|with|for|@(?=\s))\s*(@[\w.]+|[A-Z0-9][\w'’&-]*(?:\.(?=\s|$))?(?:\s+(?:&|[A-Z0-9][\w'’&-]*\.?))*)|(@[\w.]+))/i;

/** "Founder & CEO of Brightpath Labs", "Owner @ Rossi Bridal", "Founder @brightlabs". */
export function companyFromBio(bio: string): string {
  const m = COMPANY_IN_BIO.exec(stripBio(bio));
  if (!m) return '';
  let c = m[1] ?? m[2];
  if (c.startsWith('@')) {
    const handle = c.slice(1).replace(/[._]+$/, '');
    return handle ? handle[0].toUpperCase() + handle.slice(1) : '';
  }
  // The pattern is case-insensitive for the role words; the company itself is the run of capitalised words.
  const kept: string[] = [];
  for (const w of c.split(/\s+/)) {
    if (!/^[A-Z0-9&]/.test(w)) break;
    kept.push(w);
    if (/\.$/.test(w) && !LEGAL_SUFFIX.test(` ${w}`)) break;
  }
  c = kept.join(' ').replace(/\.$/, (m) => (LEGAL_SUFFIX.test(` ${kept.at(-1)}`) ? m : ''));
  return simplifyCompany(c);
}

function stripBio(bio: string): string {
  // Not deobfuscate(): it glues "Owner @ Rossi Bridal" into an address-like token.
  return bio.replace(DECORATION, ' ').normalize('NFKC').replace(/\s+/g, ' ');
}

/** "greenleafnursery" → "Greenleaf Nursery" when it ends with a business noun. */
function companyFromHandle(username: string): string {
  const u = username.toLowerCase().replace(/[^a-z]/g, '');
  for (let cut = 3; cut < u.length - 2; cut++) {
    const tail = u.slice(cut);
    if (BUSINESS_WORDS.has(tail) && tail.length >= 3)
      return smartCase(`${u.slice(0, cut)} ${tail}`, { person: false });
  }
  return '';
}

export function cleanProfileHeuristic(input: CleanInput): CleanOutput {
  const name = stripDecorations(input.fullName ?? '');
  const bioCompany = () => companyFromBio(input.bio ?? '');

  if (!name) {
    const parts = (input.username ?? '').split(/[._-]+/).filter((p) => /^[a-z]+$/i.test(p));
    if (parts.length >= 2 && parts.length <= 3 && FIRST_NAMES.has(parts[0].toLowerCase())) {
      return {
        cleanedFullName: smartCase(parts.join(' '), { person: true }),
        cleanedCompany: bioCompany(),
        isBusiness: false,
      };
    }
    const company = companyFromHandle(input.username ?? '');
    return { cleanedFullName: '', cleanedCompany: company, isBusiness: Boolean(company) };
  }

  const parts = name
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  let person: string | null = null;
  let company = '';
  const rest: string[] = [];
  for (const part of parts) {
    const asPerson: string | null = person ? null : personName(part);
    if (asPerson) person = asPerson;
    else if (isRoleText(part)) continue;
    else rest.push(part);
  }
  if (rest.length) {
    const joined = rest.join(' ');
    if (!person) person = ownerPrefix(joined);
    company = simplifyCompany(smartCase(joined, { person: false }));
  }
  if (person && !company) company = bioCompany();
  if (!person && !company) {
    // Nothing shaped like a name: the whole display name is the brand.
    company = simplifyCompany(smartCase(name, { person: false }));
  }
  return { cleanedFullName: person ?? '', cleanedCompany: company, isBusiness: !person };
}
