import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../shared/lists';
import { EmailText, rowReason } from './ResultCells';

const row = (over: Partial<ResultRow>): ResultRow => ({
  id: 1,
  emailId: 1,
  rowIndex: 0,
  email: { email: 'a@b.test', name: null, company: null },
  status: 'pending',
  verifiedAt: null,
  fourthVerificationStatus: null,
  fourthVerificationDetails: null,
  fourthVerifiedAt: null,
  finalStatus: 'pending',
  isFinal: false,
  reason: null,
  role: false,
  free: false,
  disposable: false,
  suggestion: null,
  provider: null,
  suppressed: false,
  score: null,
  decidedBy: null,
  attempts: null,
  reusedAt: null,
  ...over,
});

describe('the reason column of a row without a verdict', () => {
  it('says which check a row in a run is waiting for', () => {
    expect(rowReason(row({}), false)).toBe('Awaiting initial check');
    expect(rowReason(row({ status: 'valid', fourthVerificationStatus: 'pending' }), false)).toBe(
      'Awaiting final check',
    );
  });

  it('says not checked for a list never started or stopped', () => {
    expect(rowReason(row({}), true)).toBe('Not checked yet');
    const stopped = row({
      status: 'valid',
      fourthVerificationStatus: 'not_checked',
      finalStatus: 'not_checked',
    });
    expect(rowReason(stopped, false)).toBe('Not checked (stopped)');
  });
});

describe('an address in the results', () => {
  it('is shown whole, with line-break chances after the @ and before each dot only', () => {
    const html = renderToStaticMarkup(createElement(EmailText, { email: 'ann.lee@mail.acme.test' }));
    expect(html.replace(/<[^>]+>/g, '')).toBe('ann.lee@mail.acme.test');
    const chances = html.replace(/<span[^>]*>|<\/span>/g, '').split('<wbr/>');
    expect(chances).toEqual(['ann', '.lee', '@mail', '.acme', '.test']);
  });
});
