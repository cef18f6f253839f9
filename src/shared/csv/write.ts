import Papa from 'papaparse';

/**
 * Cells a spreadsheet would run as a formula (CSV injection, OWASP): a leading `=`, `+`, `-` or `@`,
 * also behind leading spaces or control characters (Excel and LibreOffice skip them: " =1+1", "\n=cmd"),
 * also in their full-width and small forms (`＝`, `＋`, `－`, `＠`, `﹦`, `﹢`, `﹣`, `﹫`: East-Asian
 * input methods type them and some spreadsheets fold them to ASCII), and a leading tab, CR or LF.
 */
const FORMULA_CELL =
  /^(?:[\t\r\n]|[\s\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/u;
/**
 * What the guard quotes: formula-like text, also behind quotes already there (`'=x` is written `''=x`), so
 * that reading a file back can take exactly one quote off (`unguardCell`) and get every cell as it was.
 */
const GUARDED_CELL = new RegExp(`^'*(?:${FORMULA_CELL.source.slice(1)})`, 'u');

/** Undoes exactly what `csvRows` adds: the one quote before text the guard quotes (a file we wrote, read back). */
export function unguardCell(text: string): string {
  return text.startsWith("'") && GUARDED_CELL.test(text.slice(1)) ? text.slice(1) : text;
}

export type CsvCell = string | number | bigint | boolean | Date | null | undefined;

/**
 * Rows as CSV text (RFC 4180 quoting), each row followed by `newline`. Every CSV we write goes through
 * here: papaparse's `escapeFormulae` with `GUARDED_CELL` prefixes such text cells with a single quote
 * (plain text in every spreadsheet, one visible character) and quotes them. Numbers and booleans are
 * written as they are: they cannot be formulas.
 */
export function csvRows(rows: readonly (readonly CsvCell[])[], newline = '\r\n'): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(rows as unknown[][], { newline, escapeFormulae: GUARDED_CELL })}${newline}`;
}

/** One CSV record and its line break (CRLF unless told). */
export function csvLine(cells: readonly CsvCell[], newline = '\r\n'): string {
  // A row of one empty cell would unparse to an empty line, which readers skip: quote it.
  if (cells.length === 1 && (cells[0] === '' || cells[0] == null)) return `""${newline}`;
  return csvRows([cells], newline);
}

/** A whole file: header row then data rows. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  opts: { newline?: string; bom?: boolean } = {},
): string {
  const text = csvRows([header, ...rows], opts.newline);
  // A UTF-8 byte order mark makes Excel read the file as UTF-8 (names with accents, emoji).
  return opts.bom ? `\uFEFF${text}` : text;
}
