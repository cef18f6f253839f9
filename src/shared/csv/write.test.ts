import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvLine, csvRows, unguardCell } from './write';

const cell = (text: string) => Papa.parse<string[]>(csvLine([text])).data[0][0];

describe('formula-safe CSV writing', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@evil', "'@evil"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['\nx', "'\nx"],
    ['\n=cmd|calc', "'\n=cmd|calc"],
    [' =1+1', "' =1+1"],
    ['\t\t=1+1', "'\t\t=1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u200b=1+1', "'\u200b=1+1"],
    ['\u0001=1+1', "'\u0001=1+1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['\u3000＝1', "'\u3000＝1"],
    ['﹦1', "'﹦1"],
  ])('%j is written as %j', (input, out) => {
    expect(cell(input)).toBe(out);
  });

  it.each(['plain', 'a=b', 'jane@acme.test', 'x-1', ' leading space', ''])('%j is left as it is', (input) => {
    expect(cell(input)).toBe(input);
  });

  it('writes numbers, booleans and nulls as values, quotes what needs quoting', () => {
    expect(csvRows([[-5, true, null, undefined, 'a,b', 'say "hi"']])).toBe(
      '-5,true,,,"a,b","say ""hi"""\r\n',
    );
    expect(csvLine(['a', 'b'], '\n')).toBe('a,b\n');
    expect(csvLine([''])).toBe('""\r\n');
    expect(csvRows([])).toBe('');
  });

  it('writes a document with a BOM on request', () => {
    expect(csvDocument(['h1', 'h2'], [['=x', 1]], { bom: true })).toBe('\uFEFFh1,h2\r\n"\'=x",1\r\n');
  });

  it('writes quotes already before formula-like text one more time (so reading back is exact)', () => {
    expect(cell("'=x")).toBe("''=x");
    expect(cell("''+1")).toBe("'''+1");
    expect(cell("'plain")).toBe("'plain");
  });
});

describe('reading back what we wrote (unguardCell)', () => {
  const values = [
    '+x@pub.test',
    '-x@pub.test',
    '=1+1@pub.test',
    '＝6@pub.test',
    '\t=1',
    '\rx@x.com',
    ' =1+1',
    "'+x@pub.test",
    "''=x",
    "'plain",
    "'",
    "'\tx",
    'jane@acme.test',
    'a=b',
    '',
  ];
  it.each(values)('%j comes back as it was', (value) => {
    const [read] = Papa.parse<string[]>(csvLine([value])).data;
    expect(unguardCell(read[0])).toBe(value);
  });

  it('leaves a quote the guard did not add', () => {
    expect(unguardCell("'plain")).toBe("'plain");
    expect(unguardCell("it's")).toBe("it's");
    expect(unguardCell("'")).toBe("'");
  });
});
