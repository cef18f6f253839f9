import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { RESULT_CSV_COLUMNS } from '../../../shared/verification';

// Upload → export through the API, before any run (every row pending): what the export file holds
// depends only on the CSV module, the stored rows and the export's column list.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function uploadAndExport(csv: string): Promise<string[][]> {
  const c = new TestClient(t.app);
  await c.register();
  const up = await uploadCsv(c, 'leads.csv', csv);
  expect(up.statusCode).toBe(201);
  const res = await c.get(`/api/upload/${up.json().uploadId}/export?type=all`);
  expect(res.statusCode).toBe(200);
  return Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

describe('export of a ragged CSV', () => {
  it('keeps every result column aligned; extra fields sit under generated headers', async () => {
    const table = await uploadAndExport(
      [
        'email,name,signed_up',
        'ann@example.com,Ann,2024-01-02,crm-7,vip',
        'ben@example.com',
        'cid@example.com,Cid,2024-03-04,crm-9',
      ].join('\r\n'),
    );
    const header = ['email', 'name', 'signed_up', 'extra_1', 'extra_2', ...RESULT_CSV_COLUMNS];
    expect(table[0]).toEqual(header);
    for (const row of table) expect(row).toHaveLength(header.length);
    const at = (row: string[], col: string) => row[header.indexOf(col)];
    expect([at(table[1], 'extra_1'), at(table[1], 'extra_2'), at(table[1], 'initial_status')]).toEqual([
      'crm-7',
      'vip',
      'pending',
    ]);
    expect([at(table[2], 'name'), at(table[2], 'extra_1'), at(table[2], 'final_status')]).toEqual([
      '',
      '',
      'pending',
    ]);
    expect([at(table[3], 'extra_1'), at(table[3], 'extra_2'), at(table[3], 'initial_status')]).toEqual([
      'crm-9',
      '',
      'pending',
    ]);
  });

  it('reads a header-less file with the address in any column', async () => {
    const table = await uploadAndExport('Ann,ann@example.com\nBen,ben@example.com\n');
    expect(table[0].slice(0, 2)).toEqual(['column_1', 'email']);
    expect(table.slice(1).map((r) => r[1])).toEqual(['ann@example.com', 'ben@example.com']);
  });
});

const FORMULAS: Array<[string, string]> = [
  ['equals', '=HYPERLINK("http://evil.test")'],
  ['plus', '+1 555'],
  ['minus', '-2+3'],
  ['at', '@SUM(A1)'],
  ['tab', '\t=1+1'],
  ['carriage return', '\r=1+1'],
  ['line feed', '\n=cmd|calc'],
  ['space before equals', ' =1+1'],
  ['no-break space before equals', '\u00a0=1+1'],
  ['full-width equals', '＝1+1'],
  ['full-width plus', '＋1+1'],
  ['full-width minus', '－1+1'],
  ['full-width at', '＠SUM(A1)'],
];

describe('formula neutralisation in an export', () => {
  let table: string[][];
  beforeAll(async () => {
    // The upload holds the raw cells (written without any neutralisation, quoted as CSV needs).
    const rows = FORMULAS.map(([, formula], i) => [`u${i}@example.com`, formula]);
    table = await uploadAndExport(Papa.unparse([['email', 'note'], ...rows], { newline: '\r\n' }));
  });

  it.each(FORMULAS.map(([name, formula], i) => [name, formula, i] as const))('%s', (_, formula, i) => {
    expect(table[i + 1][0]).toBe(`u${i}@example.com`);
    expect(table[i + 1][1]).toBe(`'${formula}`);
  });

  it('leaves ordinary text alone', () => {
    expect(table[0]).toEqual(['email', 'note', ...RESULT_CSV_COLUMNS]);
  });
});
