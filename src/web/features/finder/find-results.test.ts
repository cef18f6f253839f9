import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FIND_FILTERS, type FindJob, type FindResult } from '../../../shared/finder';
import { stillMoving } from './api';
import { evidenceSummary, rejectedText } from './evidence';
import { FilterChips, filterCount } from './FilterChips';

const counts = { valid: 3, accept_all: 2, unknown: 1, ambiguous: 1, not_found: 4 };

describe('the result filters', () => {
  it('count every row for All, valid plus accept-all for Found, and each status alone', () => {
    expect(filterCount('all', counts)).toBe(11);
    expect(filterCount('found', counts)).toBe(5);
    expect(filterCount('not_found', counts)).toBe(4);
    expect(filterCount('ambiguous', {})).toBe(0);
  });

  it('are toggle buttons with their counts, only the chosen one pressed', () => {
    const html = renderToStaticMarkup(
      createElement(FilterChips, { value: 'found', counts, onChange: () => {} }),
    );
    const buttons = html.match(/<button[^>]*>.*?<\/button>/g) ?? [];
    expect(buttons).toHaveLength(FIND_FILTERS.length);
    const pressed = buttons.filter((b) => b.includes('aria-pressed="true"'));
    expect(pressed).toHaveLength(1);
    expect(pressed[0].replace(/<[^>]+>/g, '')).toBe('Found5');
    expect(html).toContain('<legend class="sr-only">Filter results by status</legend>');
    expect(buttons.map((b) => b.replace(/<[^>]+>/g, ''))).toEqual([
      'All11',
      'Found5',
      'Valid3',
      'Accept-all2',
      'Unverified1',
      'Ambiguous1',
      'Not found4',
    ]);
  });
});

describe('the evidence column', () => {
  const r = (evidence: Partial<FindResult['evidence']>, email: string | null = 'a@b.test') =>
    ({
      email,
      pattern: email ? '{first}' : null,
      evidence: {
        smtpCode: 250,
        smtpMessage: 'OK',
        rejected: 0,
        tried: 1,
        source: 'common',
        examples: [],
        note: null,
        ...evidence,
      },
    }) as FindResult;

  it('sums up the reply, the rejected guesses and the source in one line', () => {
    expect(evidenceSummary(r({ rejected: 2, tried: 3 }))).toBe(
      'SMTP 250 · 2 rejected · How common the pattern is',
    );
    expect(evidenceSummary(r({ smtpCode: null, note: 'No mail server' }, null))).toBe('No mail server');
  });

  it('says how many other guesses were rejected', () => {
    expect(rejectedText(r({ rejected: 1, tried: 2 }))).toBe('1 other pattern rejected (of 2 asked)');
    expect(rejectedText(r({}))).toBe('No other pattern was rejected');
    expect(rejectedText(r({ rejected: 0, tried: 0 }, null))).toBe('No address was asked');
  });
});

describe('following a job live', () => {
  const job = (over: Partial<FindJob>): FindJob => ({
    id: 'j',
    kind: 'bulk',
    name: 'x',
    status: 'running',
    total: 5,
    done: 3,
    found: 2,
    notice: null,
    error: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    finishedAt: null,
    ...over,
  });
  const now = Date.parse('2030-01-01T00:01:00.000Z');

  it('keeps reading a running job, and a completed one whose last counts have not landed yet', () => {
    expect(stillMoving(job({}), now)).toBe(true);
    expect(stillMoving(job({ status: 'completed', finishedAt: '2030-01-01T00:00:59.000Z' }), now)).toBe(true);
  });

  it('stops once the counts are final, the job was stopped, or the wait has lasted too long', () => {
    expect(
      stillMoving(job({ status: 'completed', done: 5, finishedAt: '2030-01-01T00:00:59.000Z' }), now),
    ).toBe(false);
    expect(stillMoving(job({ status: 'stopped', finishedAt: '2030-01-01T00:00:59.000Z' }), now)).toBe(false);
    expect(stillMoving(job({ status: 'completed', finishedAt: '2030-01-01T00:00:00.000Z' }), now)).toBe(
      false,
    );
  });
});
