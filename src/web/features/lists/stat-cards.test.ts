import { describe, expect, it } from 'vitest';
import { riskySummary, totalNote } from './StatCards';

describe('Risky card wording', () => {
  it('names the reason when one dominates (no mail server reachable)', () => {
    expect(riskySummary(40, [{ reason: 'unreachable', count: 40 }])).toBe(
      'Mostly: mail server could not be reached (not checked)',
    );
  });

  it('keeps an acronym at the start of the reason in capitals', () => {
    expect(riskySummary(9, [{ reason: 'dns_error', count: 9 }])).toBe(
      'Mostly: DNS lookup failed (temporary)',
    );
  });

  it('lists the two most common risky reasons otherwise, ignoring the others', () => {
    const reasons = [
      { reason: 'accepted', count: 50 },
      { reason: 'catch_all', count: 6 },
      { reason: 'role', count: 4 },
      { reason: 'disposable', count: 1 },
    ];
    expect(riskySummary(11, reasons)).toBe(
      'Server accepts any address (catch-all) (6) · Role address (shared mailbox) (4)',
    );
  });

  it('has a plain line before a breakdown exists or with no risky rows', () => {
    expect(riskySummary(0, undefined)).toBe('None so far');
    expect(riskySummary(3, undefined)).toBe('Could not be confirmed');
  });
});

describe('Total card note', () => {
  const stats = { total: 10, valid: 4, invalid: 1, risky: 0, pending: 5 };
  it('says what is left, and how many duplicates were merged', () => {
    expect(totalNote(stats)).toBe('5 pending');
    expect(totalNote(stats, 0, 1)).toBe('5 pending · 1 duplicate merged');
    expect(totalNote(stats, 5, 3)).toBe('5 not checked · 3 duplicates merged');
  });
});
