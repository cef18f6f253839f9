// Spreadsheet apps execute cells that start with these characters as formulas (CSV injection,
// OWASP). Prefixing a single quote makes them plain text and costs one visible character.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvSafe(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'string' ? value : String(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

export function csvSafeRow(row: readonly unknown[]): string[] {
  return row.map(csvSafe);
}

/** One CSV record (RFC 4180 quoting, CRLF) with every cell made formula-safe. */
export function csvSafeLine(cells: readonly unknown[]): string {
  return `${cells.map((c) => quote(csvSafe(c))).join(',')}\r\n`;
}

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
