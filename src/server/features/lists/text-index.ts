// Substring search over many short rows of text, in memory: the rows joined into one string (one line
// each) plus, per block of rows, a bit set of the trigrams found in it. A query of three characters or
// more scans only the blocks whose bit set holds all of its trigrams (no false negatives; with these
// sizes about one block in 500 passes for a four-trigram query by chance); shorter queries scan all.

export const ROW_END = '\n';
const ROWS_PER_BLOCK = 128;
/** Bits per block: 2 KB, about 18 % set for 128 rows of ~25 characters. */
const BLOCK_BITS = 16_384;
const WORDS = BLOCK_BITS / 32;
/** Blocks filled between two pauses while building (a few ms of work each time). */
const BLOCKS_PER_PAUSE = 64;

export interface TextIndex {
  /** Every row followed by ROW_END. */
  text: string;
  /** starts[i] = offset of row i; starts[rows] = text.length. */
  starts: Int32Array;
  /** BLOCK_BITS bits per block of ROWS_PER_BLOCK rows. */
  blooms: Int32Array;
  bytes: number;
}

function gramBit(a: number, b: number, c: number): number {
  let h =
    Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77) ^ Math.imul(c + 0x165667b1, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return h & (BLOCK_BITS - 1);
}

/** Builds the index of `text` (rows each ending with ROW_END); `pause` lets other work run meanwhile. */
export async function buildTextIndex(text: string, pause?: () => Promise<void>): Promise<TextIndex> {
  const startList: number[] = [];
  for (let pos = 0; pos < text.length; ) {
    startList.push(pos);
    const end = text.indexOf(ROW_END, pos);
    if (end === -1) break;
    pos = end + 1;
  }
  startList.push(text.length);
  const starts = Int32Array.from(startList);
  const rows = starts.length - 1;
  const blocks = Math.ceil(rows / ROWS_PER_BLOCK);
  const blooms = new Int32Array(blocks * WORDS);
  for (let b = 0; b < blocks; b++) {
    if (pause && b > 0 && b % BLOCKS_PER_PAUSE === 0) await pause();
    const base = b * WORDS;
    const from = starts[b * ROWS_PER_BLOCK];
    const to = starts[Math.min((b + 1) * ROWS_PER_BLOCK, rows)];
    let x = text.charCodeAt(from);
    let y = text.charCodeAt(from + 1);
    for (let p = from + 2; p < to; p++) {
      const z = text.charCodeAt(p);
      const bit = gramBit(x, y, z);
      blooms[base + (bit >>> 5)] |= 1 << (bit & 31);
      x = y;
      y = z;
    }
  }
  const charBytes = /[\u0100-\uffff]/.test(text) ? 2 : 1; // one byte per character unless any is wider
  return { text, starts, blooms, bytes: text.length * charBytes + starts.byteLength + blooms.byteLength };
}

/** Rows (ascending) whose text contains `needle` (already lowercased like the text). */
export function findRows(index: TextIndex, needle: string): Int32Array {
  if (needle === '' || needle.includes(ROW_END)) return new Int32Array(0);
  const { starts, blooms } = index;
  const rows = starts.length - 1;
  const bits: number[] = [];
  for (let p = 0; p + 2 < needle.length; p++) {
    bits.push(gramBit(needle.charCodeAt(p), needle.charCodeAt(p + 1), needle.charCodeAt(p + 2)));
  }
  const out: number[] = [];
  const blocks = Math.ceil(rows / ROWS_PER_BLOCK);
  for (let b = 0; b < blocks; b++) {
    if (mayHold(blooms, b, bits)) findInBlock(index, b, needle, out);
  }
  return Int32Array.from(out);
}

/** Whether block b's bit set has every trigram of the query (false: it cannot contain it). */
function mayHold(blooms: Int32Array, b: number, bits: number[]): boolean {
  for (const bit of bits) {
    if ((blooms[b * WORDS + (bit >>> 5)] & (1 << (bit & 31))) === 0) return false;
  }
  return true;
}

/** Appends the rows of block b that contain `needle`. */
function findInBlock(index: TextIndex, b: number, needle: string, out: number[]) {
  const { text, starts } = index;
  const firstRow = b * ROWS_PER_BLOCK;
  const endRow = Math.min(firstRow + ROWS_PER_BLOCK, starts.length - 1);
  const from = starts[firstRow];
  // A slice shares the text's memory; searching it stops at the block's end.
  const segment = text.slice(from, starts[endRow]);
  let row = firstRow;
  let at = segment.indexOf(needle);
  while (at !== -1) {
    // The row holding the match: the last start at or before it.
    const pos = from + at;
    let lo = row;
    let hi = endRow - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    row = lo;
    out.push(row);
    if (row + 1 >= endRow) return;
    at = segment.indexOf(needle, starts[row + 1] - from);
  }
}
