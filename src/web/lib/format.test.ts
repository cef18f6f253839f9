import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatDay, formatKb, formatMonth, formatTime } from './format';

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

// Decision 0400: dates came in two formats. One module formats them; this guard keeps it that way.
describe('dates', () => {
  it('formats days, moments and times one way', () => {
    expect(formatDay('2030-05-17T12:00:00.000Z')).toBe('17 May 2030');
    expect(formatDateTime('2030-05-17T12:00:00.000Z')).toMatch(/^\d{1,2} May 2030, \d{2}:\d{2}$/);
    expect(formatTime('2030-05-17T12:00:00.000Z')).toMatch(/^\d{2}:\d{2}$/);
    expect(formatTime('2030-05-17T12:00:00.000Z', { seconds: true })).toMatch(/^\d{2}:\d{2}:00$/);
    expect(formatDateTime(null)).toBe('—');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
  });

  it('is the only place in the web app that turns a Date into text', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter(
        (f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith(path.join('lib', 'format.ts')),
      )
      .filter((f) =>
        /toLocale(Date|Time)String\(|Date\([^)]*\)\.toLocaleString\(/.test(
          readFileSync(path.join(root, f), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
