import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImportRefusals, visibleCell } from './ImportRefusals';

// The rows an import refused are on screen after it: how many, which (with their row), and why.
const render = (refused: number, rows: { row: number; value: string; reason: string }[]) =>
  renderToStaticMarkup(
    createElement(ImportRefusals, {
      result: { added: 1, alreadyListed: 0, skipped: 0, refused, refusedRows: rows },
    }),
  );

describe('the refused rows of a suppression import', () => {
  it('shows nothing when every row was taken', () => {
    expect(render(0, [])).toBe('');
  });

  it('names the count, each example with its row and reason, and how many more', () => {
    const html = render(7, [
      { row: 2, value: '=1+1@pub.test', reason: 'Please enter a valid email address' },
      { row: 3, value: '\t=1@x.com', reason: 'Please enter a valid email address' },
    ]);
    expect(html).toContain('7 rows were not added');
    expect(html).toContain(
      'Row 2: <code class="break-all">=1+1@pub.test</code> (Please enter a valid email address)',
    );
    expect(html).toContain('Row 3: <code class="break-all">\\t=1@x.com</code>');
    expect(html).toContain('and 5 more');
  });

  it('spells out control characters', () => {
    expect(visibleCell('\r\n=x\u0001\u200b')).toBe('\\r\\n=x\\u0001\\u200b');
  });
});
