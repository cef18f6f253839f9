import { describe, expect, it } from 'vitest';
import { projectedBounceRate, riskyWithinBudget } from './bounce-budget';

describe('the bounce budget', () => {
  it('projects the mean of 100 − score, leaving unknown scores out', () => {
    expect(projectedBounceRate([99, 99, 75, null])).toBeCloseTo((1 + 1 + 25) / 3);
    expect(projectedBounceRate([])).toBe(0);
  });

  it('keeps risky rows, best first, while the send stays within the budget', () => {
    const valid = Array(98).fill(99); // 98 valid rows: 1% each
    const risky = [
      { id: 'a', score: 75 },
      { id: 'b', score: 91 },
      { id: 'c', score: 64 },
    ];
    // 98 + b (9%): (98 + 9) / 99 = 1.08% ≤ 2; + a (25%): (107 + 25) / 100 = 1.32% ≤ 2; + c (36%): 1.66% ≤ 2.
    expect(riskyWithinBudget(valid, risky, 2).kept.map((r) => r.id)).toEqual(['b', 'a', 'c']);
    // At 1.2%: b fits, a does not, so c (lower) does not either.
    const tight = riskyWithinBudget(valid, risky, 1.2);
    expect(tight.kept.map((r) => r.id)).toEqual(['b']);
    expect(tight.held.map((r) => r.id)).toEqual(['a', 'c']);
    expect(tight.projected).toBeCloseTo(107 / 99);
  });
});
