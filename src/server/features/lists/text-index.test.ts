import { describe, expect, it } from 'vitest';
import { buildTextIndex, findRows, ROW_END } from './text-index';

// Pure check of the trigram-filtered search against the obvious one (String.includes on every row).
function naive(rows: string[], needle: string): number[] {
  return rows.flatMap((r, i) => (needle && !needle.includes(ROW_END) && r.includes(needle) ? [i] : []));
}

async function indexOf(rows: string[]) {
  return buildTextIndex(rows.map((r) => `${r}${ROW_END}`).join(''), async () => {});
}

describe('text index', () => {
  it('finds exactly the rows a full scan finds, across many blocks', async () => {
    // Deterministic pseudo-random rows: letters, digits, separators, accents and wide characters.
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    const alphabet = 'abcdefghij0123456789 @.-\u0001éßĞ名前';
    const rows = Array.from({ length: 3000 }, () =>
      Array.from({ length: 5 + (next() % 30) }, () => alphabet[next() % alphabet.length]).join(''),
    );
    const index = await indexOf(rows);
    const needles = [
      '',
      'a',
      'é',
      '名前',
      'ab',
      'a1',
      'abc',
      '0123',
      '@.',
      'ij0',
      'zzz',
      'Ğ名',
      `a${ROW_END}b`,
    ];
    for (let k = 0; k < 300; k++) {
      // Pieces of real rows (so most have matches), two to six characters long.
      const r = rows[next() % rows.length];
      const at = next() % r.length;
      needles.push(r.slice(at, at + 2 + (next() % 5)));
    }
    for (const n of needles)
      expect(Array.from(findRows(index, n)), JSON.stringify(n)).toEqual(naive(rows, n));
  });

  it('matches at the first and last row and at block edges, never across rows', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `row${i}`);
    rows[0] = 'first-xyz';
    rows[127] = 'edge-xyz';
    rows[128] = 'xyz-after-edge';
    rows[299] = 'last-xyz';
    const index = await indexOf(rows);
    expect(Array.from(findRows(index, 'xyz'))).toEqual([0, 127, 128, 299]);
    expect(Array.from(findRows(index, 'row1'))).toEqual(naive(rows, 'row1'));
    // "row1" + "row2" are neighbours in the text but a query never joins two rows.
    expect(Array.from(findRows(index, '1row2'))).toEqual([]);
    expect(Array.from(findRows(index, `row1${ROW_END}row2`))).toEqual([]);
    expect(Array.from(findRows(await indexOf([]), 'a'))).toEqual([]);
  });
});
