import { readCsv } from '../../../shared/csv';
import { detectFinderColumns, FIND_BULK_MAX_ROWS, type FinderColumns } from '../../../shared/finder';
import { CSV_EXTENSION_MESSAGE, CSV_SIZE_MESSAGE, MAX_CSV_BYTES } from '../../../shared/lists';

// The bulk CSV read in the browser before anything is sent: its columns found as the server will
// find them (the shared detectFinderColumns), so a file it would refuse is explained here, in words.

const SAMPLE_ROWS = 50;

export interface FinderCsvPreview {
  headers: string[];
  /** The first rows under the header, for the preview table. */
  sample: string[][];
  /** People in the file (rows under the header). */
  rows: number;
  columns: FinderColumns | null;
  /** Why the file cannot be started, in words; null when it can. */
  problem: string | null;
}

/** The preview of a parsed file (first row = header). */
export function previewOf(allRows: string[][]): FinderCsvPreview {
  const headers = (allRows[0] ?? []).map((h) => h.trim());
  const sample = allRows.slice(1, 1 + SAMPLE_ROWS);
  const rows = Math.max(0, allRows.length - 1);
  if (rows === 0)
    return { headers, sample, rows, columns: null, problem: 'This file has no rows under its header.' };
  const detected = detectFinderColumns(headers, sample);
  if ('error' in detected) return { headers, sample, rows, columns: null, problem: detected.error };
  const problem =
    rows > FIND_BULK_MAX_ROWS
      ? `This file has ${rows.toLocaleString()} people; a bulk find takes at most ${FIND_BULK_MAX_ROWS.toLocaleString()}. Split it into smaller files.`
      : null;
  return { headers, sample, rows, columns: detected.columns, problem };
}

/** What is wrong with the file before it is even read (type, size), or null. */
export function fileProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return CSV_EXTENSION_MESSAGE;
  if (file.size > MAX_CSV_BYTES) return CSV_SIZE_MESSAGE;
  return null;
}

/** Reads and previews a chosen file; a file that is not CSV text at all is a problem, not a crash. */
export async function previewFile(file: File): Promise<FinderCsvPreview> {
  const early = fileProblem(file);
  if (early) return { headers: [], sample: [], rows: 0, columns: null, problem: early };
  const all: string[][] = [];
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    for await (const block of readCsv(
      (async function* () {
        yield bytes;
      })(),
    ))
      all.push(...block);
  } catch (err) {
    const problem = err instanceof Error ? err.message : 'This file could not be read.';
    return { headers: [], sample: [], rows: 0, columns: null, problem };
  }
  return previewOf(all);
}

/** The column names a preview found, for the summary line ("Name: First name + Last name"). */
export function columnNames(p: FinderCsvPreview): { name: string; company: string } | null {
  if (!p.columns) return null;
  const label = (i: number) => p.headers[i] || `Column ${i + 1}`;
  return { name: p.columns.name.map(label).join(' + '), company: label(p.columns.company) };
}
