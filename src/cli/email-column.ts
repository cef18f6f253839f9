import { parseAddress } from '../server/verification/syntax';

// Header names people use for the address column, compared without case, spaces or punctuation.
const EXACT = ['email', 'emailaddress', 'mail', 'emails', 'courriel', 'correo', 'epost', 'emailadresse'];

const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Index of the column whose header names an email address, or -1. */
export function emailColumnByHeader(header: string[]): number {
  const names = header.map(squash);
  for (const want of EXACT) {
    const i = names.indexOf(want);
    if (i >= 0) return i;
  }
  // "Work Email", "email_1", "Business E-mail": any header mentioning email.
  return names.findIndex((n) => n.includes('email'));
}

/** Index of the column where most sample cells are addresses (at least half of the non-empty ones), or -1. */
export function emailColumnByContent(rows: string[][]): number {
  const hits = new Map<number, number>();
  const filled = new Map<number, number>();
  for (const row of rows) {
    row.forEach((cell, i) => {
      if (!cell.trim()) return;
      filled.set(i, (filled.get(i) ?? 0) + 1);
      if (cell.includes('@') && parseAddress(cell)) hits.set(i, (hits.get(i) ?? 0) + 1);
    });
  }
  let best = -1;
  let bestHits = 0;
  for (const [i, n] of hits) {
    if (n > bestHits && n * 2 >= (filled.get(i) ?? 0)) {
      best = i;
      bestHits = n;
    }
  }
  return best;
}

export interface ColumnChoice {
  /** The header to write (generated when the file had none). */
  header: string[];
  column: number;
  /** False when the first row was data (a file without a header row). */
  hasHeader: boolean;
}

/** Decides the email column from the first row and a sample of the next ones. */
export function chooseEmailColumn(first: string[], sample: string[][]): ColumnChoice | null {
  const byHeader = emailColumnByHeader(first);
  if (byHeader >= 0) return { header: first, column: byHeader, hasHeader: true };
  // No telling header: if the first row itself holds an address, the file has no header row.
  const firstIsData = first.some((c) => c.includes('@') && parseAddress(c) !== null);
  const column = emailColumnByContent(firstIsData ? [first, ...sample] : sample);
  if (column < 0) return null;
  if (!firstIsData) return { header: first, column, hasHeader: true };
  const width = Math.max(first.length, ...sample.map((r) => r.length));
  const header = Array.from({ length: width }, (_, i) => (i === column ? 'email' : `column_${i + 1}`));
  return { header, column, hasHeader: false };
}
