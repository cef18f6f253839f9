import { describe, expect, it } from 'vitest';
import { detectFinderColumns } from './columns';

describe('bulk-find CSV columns', () => {
  it('finds first, last and domain by header', () => {
    const r = detectFinderColumns(
      ['First Name', 'Last Name', 'Company', 'Website'],
      [['Jane', 'Doe', 'Acme', 'acme.com']],
    );
    expect(r).toEqual({ columns: { name: [0, 1], company: 3 } });
  });

  it('finds a full-name column and a domain column by their cells', () => {
    const r = detectFinderColumns(
      ['who', 'where'],
      [
        ['Jane Doe', 'https://acme.com'],
        ['John Roe', 'globex.io'],
      ],
    );
    expect(r).toEqual({ columns: { name: [0], company: 1 } });
  });

  it('says which column is missing', () => {
    expect(detectFinderColumns(['Name'], [['Jane Doe']])).toEqual({
      error: expect.stringMatching(/domain or website/),
    });
    expect(detectFinderColumns(['Domain', 'Notes'], [['acme.com', '42']])).toEqual({
      error: expect.stringMatching(/name/),
    });
  });
});
