import { describe, expect, it } from 'vitest';
import type { Step2Result } from '../server/features/verification';
import { counter, finalLine, noProgress, progressLines } from './progress';

const ok = { ok: true, message: null, since: 0 };
const time = (iso: string) => iso.slice(11, 19);
const result = (status: Step2Result['status'], decidedBy: Step2Result['decidedBy']) =>
  ({ status, decidedBy }) as Step2Result;

describe('CLI progress', () => {
  it('counts step 1 when it is done and each step-2 verdict as it arrives, not as rows are written', () => {
    const p = noProgress();
    p.total = 4;
    const count = counter(p);
    count.step1(
      [{ status: 'valid' }, { status: 'valid' }, { status: 'invalid' }, { status: 'valid' }],
      false,
    );
    // The invalid row's final verdict comes through onResult like the others (decided by step 1).
    count.result(result('invalid', 'initial_check'));
    expect(p).toMatchObject({ step1: 4, step2Total: 3, step2: 0, done: 1, written: 0 });
    count.result(result('valid', 'smtp'));
    expect(p).toMatchObject({ step2: 1, done: 2, byStatus: { invalid: 1, valid: 1 } });
    expect(progressLines({ progress: p, step: 2, elapsedS: 2, waiting: [], health: ok, time })).toEqual([
      'verify: 2/4 rows done (1/s); step 1 4/4; step 2 1/3: invalid 1, valid 1',
    ]);
  });

  it('says step 2 totals are partial while step 1 goes on, and --step 1 counts final verdicts', () => {
    const p = noProgress();
    p.total = 10;
    counter(p).step1([{ status: 'valid' }, { status: 'risky' }], false);
    expect(progressLines({ progress: p, step: 2, elapsedS: 1, waiting: [], health: ok, time })[0]).toBe(
      'verify: 0/10 rows done (0/s); step 1 2/10; step 2 0/1 so far',
    );
    const q = noProgress();
    q.total = 2;
    counter(q).step1([{ status: 'valid' }, { status: 'risky' }], true);
    expect(progressLines({ progress: q, step: 1, elapsedS: 1, waiting: [], health: ok, time })[0]).toBe(
      'verify: 2/2 rows done (2/s); step 1 2/2: valid 1, risky 1',
    );
    expect(finalLine(q, 2)).toBe('verify: 2 rows done in 2.0 s (1/s): valid 1, risky 1');
  });

  it('names what rows wait for, and a pause on our side with its reason and next try', () => {
    const p = noProgress();
    p.total = 3;
    const lines = progressLines({
      progress: p,
      step: 2,
      elapsedS: 1,
      waiting: [{ reason: 'greylisted', rows: 2, host: 'mx.grey.test', retryAt: '2026-11-28T10:42:05.000Z' }],
      health: {
        ok: false,
        kind: 'dns',
        since: 0,
        message: 'Our DNS resolver is not answering; verification will resume by itself',
        nextTryAt: Date.parse('2026-11-28T10:42:35.000Z'),
      },
      time,
    });
    expect(lines.slice(1)).toEqual([
      'verify:   waiting: 2 rows: greylisted (mx.grey.test), retry at 10:42:05',
      'verify:   paused: Our DNS resolver is not answering; next try at 10:42:35',
    ]);
  });
});
