import Papa from 'papaparse';

/**
 * CSV rows from a stream of text, a block at a time. Each block is cut at the last line break that
 * is outside quotes (quote parity), so quoted fields may span lines and chunks; the block is parsed
 * by papaparse's synchronous parser with the delimiter guessed once from the first block.
 * (papaparse's own Node stream mode pushes rows one by one and slows down badly on large chunks:
 * 20k rows took 5.6 s there, against 0.3 s for 250k rows here.)
 */
export async function* csvRowBlocks(text: AsyncIterable<string>): AsyncGenerator<string[][]> {
  let pending = '';
  let inQuotes = false;
  let delimiter: string | undefined;
  const parse = (block: string): string[][] => {
    if (delimiter === undefined) {
      const guess = Papa.parse<string[]>(block, { preview: 50 }).meta.delimiter;
      delimiter = guess || ',';
    }
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
