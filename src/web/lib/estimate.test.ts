import { describe, expect, it } from 'vitest';
import type { UploadListItem } from '../../shared/lists';
import { isNotStarted, listMinutes, step2Minutes, timeLeft } from './estimate';

const base: UploadListItem = {
  id: 'u',
  originalName: 'a.csv',
  fileSize: 1,
  status: 'pending',
  uploadedAt: '',
  startedAt: null,
  completedAt: null,
  errorMessage: null,
  notice: null,
  stats: { total: 300, valid: 0, invalid: 0, risky: 0, pending: 300 },
  duplicates: 0,
  notChecked: 0,
  cancelledAt: null,
  processingProgress: 0,
  step2Progress: 0,
  step1Done: false,
  step2Done: false,
  step1Count: 0,
  step2Total: 0,
  step2Count: 0,
  rate: null,
  etaSeconds: null,
};

describe('time left (estimates until a pace is measured)', () => {
  it('uses the fixed per-email figures', () => {
    expect(listMinutes(300)).toBe(2);
    expect(listMinutes(301)).toBe(3);
    expect(step2Minutes(4)).toBe(3);
  });

  it('estimates a list not started yet, and says it is not started', () => {
    expect(isNotStarted(base)).toBe(true);
    expect(timeLeft(base)).toEqual({ text: 'about 2 min', kind: 'estimate' });
  });

  it('estimates the final check while no pace is measured, then shows the measured time', () => {
    const step2 = { ...base, status: 'processing' as const, startedAt: 'x', step1Done: true, step2Total: 4 };
    expect(isNotStarted(step2)).toBe(false);
    expect(timeLeft(step2)).toEqual({ text: 'about 3 min', kind: 'estimate' });
    expect(timeLeft({ ...step2, etaSeconds: 30, rate: 2 })).toEqual({
      text: 'under a minute',
      kind: 'measured',
    });
  });

  it('has nothing to say about a finished list', () => {
    expect(timeLeft({ ...base, status: 'completed', stats: { ...base.stats, pending: 0 } })).toBeNull();
  });
});
