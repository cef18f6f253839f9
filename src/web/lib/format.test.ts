import { describe, expect, it } from 'vitest';
import { formatCount, formatKb } from './format';

describe('formatCount', () => {
  it('keeps numbers under 1,000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
  it('abbreviates with K from 1,000 and M from 1,000,000, one decimal', () => {
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(15_430)).toBe('15.4K');
    expect(formatCount(999_999)).toBe('1000.0K');
    expect(formatCount(1_000_000)).toBe('1.0M');
    expect(formatCount(2_560_000)).toBe('2.6M');
  });
  it('accepts numeric strings and treats garbage as zero', () => {
    expect(formatCount('12,500')).toBe('12.5K');
    expect(formatCount('abc')).toBe('0');
    expect(formatCount(undefined)).toBe('0');
  });
});

describe('formatKb', () => {
  it('shows sizes in KB with one decimal', () => {
    expect(formatKb(2048)).toBe('2.0 KB');
  });
});
