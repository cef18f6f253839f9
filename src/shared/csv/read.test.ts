import { describe, expect, it } from 'vitest';
import { CsvNotTextError, csvRowBlocks, readCsv } from './read';
import { csvDocument } from './write';

async function* chunks<T>(parts: T[]): AsyncGenerator<T> {
  for (const p of parts) yield p;
}
async function all(blocks: AsyncIterable<string[][]>): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const b of blocks) rows.push(...b);
  return rows;
}
const bytes = (s: string) => new TextEncoder().encode(s);

describe('CSV reading', () => {
  it('reads quoted fields across lines and chunk boundaries, skipping blank lines', async () => {
    const text = 'a,b\n"one\ntwo",x\n\n"q ""x"", y",z\n';
    for (let cut = 1; cut < text.length; cut++) {
      const rows = await all(csvRowBlocks(chunks([text.slice(0, cut), text.slice(cut)])));
      expect(rows).toEqual([
        ['a', 'b'],
        ['one\ntwo', 'x'],
        ['q "x", y', 'z'],
      ]);
    }
  });

  it('guesses the delimiter and keeps ragged rows as they are', async () => {
    expect(await all(csvRowBlocks(chunks(['email;name\na@b.co;Ann;extra\nc@d.co\n'])))).toEqual([
      ['email', 'name'],
      ['a@b.co', 'Ann', 'extra'],
      ['c@d.co'],
    ]);
    expect(await all(csvRowBlocks(chunks(['email\tname\na@b.co\tAnn\n'])))).toEqual([
      ['email', 'name'],
      ['a@b.co', 'Ann'],
    ]);
  });

  it('reads back what the writer wrote, semicolons and line breaks inside cells included', async () => {
    const header = ['email', 'bio', 'note'];
    const rows = [
      ['a@b.co', 'Flowers; plants; gifts', 'x'],
      ['c@d.co', 'one; two', 'line\nbreak, "quoted"'],
      ['e@f.co', 'three; four; five; six', ''],
    ];
    const text = csvDocument(header, rows, { bom: true });
    expect(await all(readCsv(chunks([bytes(text)])))).toEqual([header, ...rows]);
  });

  it('drops a UTF-8 BOM and reads UTF-16 with a BOM', async () => {
    expect(await all(readCsv(chunks([bytes('\uFEFFemail\na@b.co\n')])))).toEqual([['email'], ['a@b.co']]);
    const le = Buffer.from('\uFEFFemail,name\r\né@b.co,Zoë\r\n', 'utf16le');
    expect(await all(readCsv(chunks([le.subarray(0, 7), le.subarray(7)])))).toEqual([
      ['email', 'name'],
      ['é@b.co', 'Zoë'],
    ]);
  });

  it('refuses binary input', async () => {
    await expect(all(readCsv(chunks([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])])))).rejects.toBeInstanceOf(
      CsvNotTextError,
    );
  });
});
