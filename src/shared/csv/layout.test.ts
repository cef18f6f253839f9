import { describe, expect, it } from 'vitest';
import { detectColumns } from './columns';
import { detectLayout, fitRow, widenHeaders } from './layout';

describe('column detection (CLI and uploads alike)', () => {
  it.each([
    [['Name', 'Email Address'], 1],
    [['E-mail', 'Work email'], 0],
    [['name', 'MAIL'], 1],
    [['first', 'last', 'Business E-Mail'], 2],
    [['Nom', 'Courriel'], 1],
  ])('by header %j → %i', (header, column) => {
    expect(detectColumns(header, [])?.email).toBe(column);
  });

  it('by content when the header says nothing', () => {
    expect(
      detectColumns(
        ['a', 'b'],
        [
          ['x', 'y@z.com'],
          ['x', ''],
        ],
      )?.email,
    ).toBe(1);
    expect(detectColumns(['a', 'b'], [['x', 'y']])).toBeNull();
  });

  it('finds name and company columns by header', () => {
    expect(detectColumns(['First Name', 'Last Name', 'Email', 'Company'], [])).toEqual({
      email: 2,
      name: [0, 1],
      company: 3,
    });
  });

  it('reads a header row, trimmed', () => {
    expect(detectLayout([' Name ', 'Email'], [['Ann', 'ann@acme.test']])).toEqual({
      hasHeader: true,
      headers: ['Name', 'Email'],
      columns: { email: 1, name: [0], company: null },
    });
  });

  it('a first row holding an address is data: headers are generated around the email column', () => {
    const layout = detectLayout(['Jane', 'jane@acme.test'], [['Bob', 'bob@acme.test']]);
    expect(layout).toMatchObject({ hasHeader: false, headers: ['column_1', 'email'] });
    expect(layout?.columns.email).toBe(1);
  });

  it('no address anywhere: null', () => {
    expect(detectLayout(['name', 'company'], [['Ann', 'Acme']])).toBeNull();
  });
});

describe('ragged rows', () => {
  it('widens the header with generated names that do not clash', () => {
    expect(widenHeaders(['email', 'extra_1'], 4)).toEqual(['email', 'extra_1', 'extra_2', 'extra_3']);
    expect(widenHeaders(['email'], 1)).toEqual(['email']);
  });

  it('pads short rows and cuts long ones to the width', () => {
    expect(fitRow(['a'], 3)).toEqual(['a', '', '']);
    expect(fitRow(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
  });
});
