// The CSV module (src/shared/csv) on export-sized data: writing 250k rows of 14 cells (the export's
// shape) through papaparse with the formula rule, per row (as the export streams) and per 2,000-row
// chunk, beside the hand-written writer it replaced (kept here as the baseline); and reading the same
// file back (bytes → rows) in 64 KB chunks. Interleaved rounds, load average printed beside.
//   npm run bench:csv            (ROWS=250000 ROUNDS=3 to change)
import { loadavg } from 'node:os';
import { csvLine, csvRows, readCsv } from '../src/shared/csv';

const ROWS = Number(process.env.ROWS ?? 250_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

// Baseline: the hand-written writer the module replaced (narrower formula rule: ASCII = + - @ tab CR).
const OLD_FORMULA = /^[=+\-@\t\r]/;
const oldSafe = (v: unknown) => {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : String(v);
  return OLD_FORMULA.test(s) ? `'${s}` : s;
};
const oldQuote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const oldLine = (cells: readonly unknown[]) => `${cells.map((c) => oldQuote(oldSafe(c))).join(',')}\r\n`;

const rows = Array.from({ length: ROWS }, (_, i) => [
  `Person ${i}`,
  `user${i}@d${i % 15000}.bench.test`,
  i % 10 === 0 ? 'Acme, Inc.' : `Company ${i % 15000}`,
  i % 50 === 0 ? '=HYPERLINK("x")' : 'note',
  'valid',
  i % 7 === 0 ? 'risky' : 'valid',
  i % 7 === 0 ? 'catch_all' : 'accepted',
  false,
  i % 3 === 0,
  false,
  '',
  `mx${i % 300}.bench-hosting.test`,
  250,
  '250 2.1.5 Recipient OK',
]);

function time(fn: () => number): { ms: number; bytes: number } {
  const t0 = performance.now();
  const bytes = fn();
  return { ms: performance.now() - t0, bytes };
}

const writers: Record<string, () => number> = {
  'hand-written, per row (before)': () => {
    let n = 0;
    for (const r of rows) n += oldLine(r).length;
    return n;
  },
  'csvLine, per row (export)': () => {
    let n = 0;
    for (const r of rows) n += csvLine(r).length;
    return n;
  },
  'csvRows, per 2,000 rows': () => {
    let n = 0;
    for (let i = 0; i < rows.length; i += 2000) n += csvRows(rows.slice(i, i + 2000)).length;
    return n;
  },
};

async function readAll(text: Uint8Array): Promise<number> {
  async function* chunks() {
    for (let i = 0; i < text.length; i += 65536) yield text.subarray(i, i + 65536);
  }
  let n = 0;
  for await (const block of readCsv(chunks())) n += block.length;
  return n;
}

const file = new TextEncoder().encode(csvRows(rows));
console.log(
  `rows: ${ROWS} × 14 cells (${(file.length / 1e6).toFixed(1)} MB); load average ${loadavg()[0].toFixed(1)}`,
);
for (let round = 1; round <= ROUNDS; round++) {
  const parts: string[] = [];
  for (const [name, fn] of Object.entries(writers)) {
    const { ms } = time(fn);
    parts.push(`${name} ${Math.round(ROWS / (ms / 1000)).toLocaleString('en')} rows/s`);
  }
  const t0 = performance.now();
  const read = await readAll(file);
  const ms = performance.now() - t0;
  if (read !== ROWS) throw new Error(`read ${read} rows, expected ${ROWS}`);
  parts.push(
    `read ${Math.round(ROWS / (ms / 1000)).toLocaleString('en')} rows/s (${(file.length / 1e6 / (ms / 1000)).toFixed(0)} MB/s)`,
  );
  console.log(`round ${round} (load ${loadavg()[0].toFixed(1)}): ${parts.join('; ')}`);
}
