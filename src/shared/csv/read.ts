import Papa from 'papaparse';

/** Raised for input that is not CSV text at all (a spreadsheet, an image...). */
export class CsvNotTextError extends Error {
  constructor() {
    super(
      'This file is not a CSV text file. Export your list as CSV (comma-separated values) and try again.',
    );
    this.name = 'CsvNotTextError';
  }
}

/**
 * Bytes → text: UTF-8 (BOM dropped) or UTF-16 with a BOM. NUL bytes or many control characters in
 * the first block mean this is not a text file (`CsvNotTextError`), caught before anything is parsed.
 */
async function* decodeCsvBytes(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of bytes) {
    if (!decoder) {
      const utf16 =
        chunk[0] === 0xff && chunk[1] === 0xfe
          ? 'utf-16le'
          : chunk[0] === 0xfe && chunk[1] === 0xff
            ? 'utf-16be'
            : null;
      decoder = new TextDecoder(utf16 ?? 'utf-8');
      if (!utf16 && looksBinary(chunk)) throw new CsvNotTextError();
    }
    yield decoder.decode(chunk, { stream: true });
  }
  if (decoder) yield decoder.decode();
}

function looksBinary(chunk: Uint8Array): boolean {
  const head = chunk.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return head.length > 0 && control / head.length > 0.05;
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * papaparse's guess from the first rows; it wants the same number of fields on every line, so ragged
 * rows defeat it, and then the header line decides: the candidate it holds most often outside quotes.
 */
function guessDelimiter(block: string): string {
  const guess = Papa.parse<string[]>(block, {
    preview: 50,
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: 'greedy',
  });
  if (!guess.errors.some((e) => e.code === 'UndetectableDelimiter')) return guess.meta.delimiter;
  const counts = new Map<string, number>();
  let inQuotes = false;
  for (const ch of block) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && DELIMITERS.includes(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * CSV rows from a stream of text, a block at a time (pull-based: the producer waits while the consumer
 * works, so memory stays bounded whatever the file's size). Each block is cut at the last line break
 * outside quotes (quote parity), so quoted fields may span lines and chunks; the block is parsed by
 * papaparse's synchronous parser with the delimiter (`,` `;` tab `|`) guessed once from the first block.
 * Blank lines are skipped; rows keep their own length (ragged rows are the caller's to align).
 * (papaparse's own Node stream mode pushes rows one by one and slows down badly on large chunks:
 * 20k rows took 5.6 s there, against 0.3 s for 250k rows here.)
 */
export async function* csvRowBlocks(text: AsyncIterable<string>): AsyncGenerator<string[][]> {
  let pending = '';
  let inQuotes = false;
  let delimiter: string | undefined;
  const parse = (block: string): string[][] => {
    delimiter ??= guessDelimiter(block);
    return Papa.parse<string[]>(block, { delimiter, skipEmptyLines: 'greedy' }).data;
  };
  for await (const chunk of text) {
    let boundary = -1;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (ch === 34) inQuotes = !inQuotes;
      else if (ch === 10 && !inQuotes) boundary = i;
    }
    if (boundary < 0) {
      pending += chunk;
      continue;
    }
    const block = pending + chunk.slice(0, boundary + 1);
    pending = chunk.slice(boundary + 1);
    const rows = parse(block);
    if (rows.length) yield rows;
  }
  if (pending.length) {
    const rows = parse(pending);
    if (rows.length) yield rows;
  }
}

/** Rows of CSV bytes (any of the encodings `decodeCsvBytes` reads), a block at a time. */
export function readCsv(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string[][]> {
  return csvRowBlocks(decodeCsvBytes(bytes));
}
