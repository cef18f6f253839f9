// Finding the email, name and company columns of a CSV: by header name first, else by content.
// The CLI, uploads and the scraper's send-to-verify all decide with these functions.

const EMAIL_SHAPE = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export interface DetectedColumns {
  email: number;
  /** One column ("Name") or several joined with a space ("First Name", "Last Name"). */
  name: number[];
  company: number | null;
}

/** Header names compared without case, accents, spaces or punctuation ("E-mail Address" → "emailaddress",
 * "Société" → "societe"). */
const norm = (h: string) =>
  h
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const EMAIL_HEADERS = [
  'email',
  'emailaddress',
  'mail',
  'emails',
  'email1',
  'primaryemail',
  'workemail',
  'businessemail',
  'courriel',
  'correo',
  'correoelectronico',
  'epost',
  'emailadresse',
];
// English first; then the common headers of lists exported in Spanish, French, German, Italian, Dutch.
const NAME_HEADERS = [
  'name',
  'fullname',
  'contactname',
  'contact',
  'person',
  'displayname',
  'leadname',
  'nomcomplet',
  'nombrecompleto',
  'naam',
];
// "Nombre"/"Nome" alone still work: a first-name column without a last-name one is the name.
const FIRST_HEADERS = [
  'firstname',
  'first',
  'givenname',
  'fname',
  'forename',
  'vorname',
  'prenom',
  'nombre',
  'nome',
  'voornaam',
];
const LAST_HEADERS = [
  'lastname',
  'last',
  'surname',
  'familyname',
  'lname',
  'nachname',
  'nom',
  'apellido',
  'apellidos',
  'cognome',
  'achternaam',
];
const COMPANY_HEADERS = [
  'company',
  'companyname',
  'organization',
  'organisation',
  'org',
  'business',
  'businessname',
  'employer',
  'account',
  'accountname',
  'brand',
  'firma',
  'firmenname',
  'unternehmen',
  'empresa',
  'compania',
  'entreprise',
  'societe',
  'azienda',
  'bedrijf',
  'organizacion',
];

/** The shape of an address (not the full syntax check: that is the engine's step 1). */
export function looksLikeEmail(value: string | undefined): boolean {
  return value !== undefined && EMAIL_SHAPE.test(value.trim());
}

function findHeader(headers: string[], names: string[]): number {
  const n = headers.map(norm);
  for (const want of names) {
    const i = n.indexOf(want);
    if (i >= 0) return i;
  }
  return -1;
}

/** Share of non-empty sample cells of a column that satisfy `test`. */
function share(sample: string[][], col: number, test: (v: string) => boolean): number {
  let seen = 0;
  let hits = 0;
  for (const row of sample) {
    const v = row[col]?.trim();
    if (!v) continue;
    seen++;
    if (test(v)) hits++;
  }
  return seen === 0 ? 0 : hits / seen;
}

const PERSON_NAME = /^[\p{Lu}][\p{L}'’.-]*(\s+[\p{L}'’.-]+){0,3}$/u;

/** The column whose sample cells look most like addresses (at least half of the filled ones), or -1. */
function emailColumnByContent(sample: string[][]): number {
  const width = Math.max(0, ...sample.map((r) => r.length));
  let best = -1;
  let bestShare = 0;
  for (let c = 0; c < width; c++) {
    const s = share(sample, c, looksLikeEmail);
    if (s > bestShare) {
      best = c;
      bestShare = s;
    }
  }
  return bestShare >= 0.5 ? best : -1;
}

/** The column a header names as the address ("Email", "E-mail Address", "Work email"), or -1. */
export function emailColumnByHeader(headers: string[], sample: string[][]): number {
  const exact = findHeader(headers, EMAIL_HEADERS);
  if (exact >= 0) return exact;
  // Any header mentioning email ("Email (work)", "email_2"), if its cells agree.
  const named = headers.findIndex((h) => norm(h).includes('email'));
  if (named >= 0 && (sample.length === 0 || share(sample, named, looksLikeEmail) >= 0.3)) return named;
  return -1;
}

/**
 * Header names win; without one, the column whose sample cells look most like addresses.
 * Returns null when no column holds emails.
 */
export function detectColumns(headers: string[], sample: string[][]): DetectedColumns | null {
  const width = Math.max(headers.length, ...sample.map((r) => r.length));
  let email = emailColumnByHeader(headers, sample);
  if (email < 0) email = emailColumnByContent(sample);
  if (email < 0) return null;

  let name: number[] = [];
  const full = findHeader(headers, NAME_HEADERS);
  const first = findHeader(headers, FIRST_HEADERS);
  const last = findHeader(headers, LAST_HEADERS);
  if (full >= 0 && full !== email) name = [full];
  else if (first >= 0) name = last >= 0 ? [first, last] : [first];
  else {
    // By content: the first column other than the email whose cells read like person names.
    for (let c = 0; c < width; c++) {
      if (c === email) continue;
      if (sample.length > 0 && share(sample, c, (v) => PERSON_NAME.test(v) && !v.includes('@')) >= 0.8) {
        if (norm(headers[c] ?? '').length === 0 || !COMPANY_HEADERS.includes(norm(headers[c] ?? ''))) {
          name = [c];
          break;
        }
      }
    }
  }
  let company = findHeader(headers, COMPANY_HEADERS);
  if (company < 0) {
    const named = headers.findIndex((h) =>
      /company|organi[sz]ation|business|firma|empresa|entreprise|unternehmen/.test(norm(h)),
    );
    company = named;
  }
  if (company === email || name.includes(company)) company = -1;
  return { email, name, company: company >= 0 ? company : null };
}

/** Object keys for the preview and the API: unique and never empty ("Column 3", "Notes (2)"). */
export function headerKeys(headers: string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
