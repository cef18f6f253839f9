import { type DetectedColumns, detectColumns, emailColumnByHeader, looksLikeEmail } from './columns';

/** How a CSV file is laid out: decided once from its first rows, the same way by the CLI and uploads. */
export interface CsvLayout {
  /** False when the first row is already data (a file without a header row). */
  hasHeader: boolean;
  /** The file's header row (trimmed), or generated names (`email`, `column_2`, …) when it had none. */
  headers: string[];
  columns: DetectedColumns;
}

/**
 * The layout from the first row and a sample of the next ones (50 is plenty). A first row that names
 * no email column but holds an address is data: the file has no header row. Null when no column
 * holds addresses.
 */
export function detectLayout(first: string[], sample: string[][]): CsvLayout | null {
  const named = first.map((c) => c.trim());
  const headerless = emailColumnByHeader(named, sample) < 0 && first.some((c) => looksLikeEmail(c));
  if (!headerless) {
    const columns = detectColumns(named, sample);
    return columns && { hasHeader: true, headers: named, columns };
  }
  const rows = [first, ...sample];
  const width = Math.max(...rows.map((r) => r.length));
  const columns = detectColumns([], rows);
  if (!columns) return null;
  const headers = Array.from({ length: width }, (_, i) =>
    i === columns.email ? 'email' : `column_${i + 1}`,
  );
  return { hasHeader: false, headers, columns };
}

/**
 * The header row widened to `width` for rows with more fields than the header (common in CRM
 * exports): the extra fields are kept under generated names `extra_1`, `extra_2`, … (skipping any the
 * file already uses), so every column after them stays aligned.
 */
export function widenHeaders(headers: readonly string[], width: number): string[] {
  const out = [...headers];
  const taken = new Set(headers);
  let n = 0;
  while (out.length < width) {
    let name: string;
    do name = `extra_${++n}`;
    while (taken.has(name));
    out.push(name);
  }
  return out;
}

/** A row padded with empty cells (rows with fewer fields than the header) or cut to `width`. */
export function fitRow(row: readonly string[], width: number): string[] {
  if (row.length === width) return row as string[];
  if (row.length > width) return row.slice(0, width);
  return [...row, ...new Array<string>(width - row.length).fill('')];
}
