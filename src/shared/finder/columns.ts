import { detectColumns } from '../csv';

// The columns of a bulk-find CSV: the name as uploads find it (one full-name column, or first and
// last), and the company's domain or website, by header first, else by cells that read as domains.

export interface FinderColumns {
  /** One column (full name) or two (first, last). */
  name: number[];
  /** The domain or website column. */
  company: number;
}

const norm = (h: string) =>
  h
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const DOMAIN_HEADERS = [
  'domain',
  'companydomain',
  'emaildomain',
  'website',
  'companywebsite',
  'websiteurl',
  'web',
  'site',
  'url',
  'homepage',
  'companyurl',
  'sitioweb',
  'siteweb',
];

const DOMAIN_SHAPE = /^(https?:\/\/)?(www\.)?[\p{L}0-9-]+(\.[\p{L}0-9-]+)+(\/\S*)?$/iu;

/** Cells of a column that read as a domain or a website URL, as a share of its filled cells. */
function domainShare(sample: string[][], col: number): number {
  const filled = sample.map((r) => r[col]?.trim() ?? '').filter(Boolean);
  if (filled.length === 0) return 0;
  return filled.filter((v) => DOMAIN_SHAPE.test(v) && !v.includes('@')).length / filled.length;
}

/** The name and company columns, or null (with the reason) when either is missing. */
export function detectFinderColumns(
  headers: string[],
  sample: string[][],
): { columns: FinderColumns } | { error: string } {
  const width = Math.max(headers.length, ...sample.map((r) => r.length));
  const names = headers.map(norm);
  let company = DOMAIN_HEADERS.map((h) => names.indexOf(h)).find((i) => i >= 0) ?? -1;
  if (company < 0) {
    for (let c = 0; c < width; c++) if (domainShare(sample, c) >= 0.8) company = c;
  }
  if (company < 0) {
    return {
      error: 'No column holds the company domain or website (a "Domain" or "Website" column, e.g. acme.com)',
    };
  }
  // The uploads' detector finds names next to an email column; a finder's CSV has none, so it is
  // asked with a stand-in email column past the end.
  const detected = detectColumns(
    [...fitTo(headers, width), 'email'],
    sample.map((r) => [...fitTo(r, width), 'x@y.z']),
  );
  const name = (detected?.name ?? []).filter((c) => c !== company && c < width);
  if (name.length === 0) {
    return { error: 'No column holds the person\'s name ("Name", or "First name" and "Last name")' };
  }
  return { columns: { name, company } };
}

function fitTo(row: string[], width: number): string[] {
  return row.length >= width ? row.slice(0, width) : [...row, ...Array(width - row.length).fill('')];
}
