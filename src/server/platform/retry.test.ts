import { describe, expect, it } from 'vitest';
import { backoffDelay, retrying } from './retry';

describe('backoffDelay, the one back-off', () => {
  it('doubles from the base and stops at the cap', () => {
    const opts = { baseMs: 500, maxMs: 3000 };
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, opts))).toEqual([500, 500, 1000, 2000, 3000, 3000]);
  });

  it('spreads by the jitter, within its bounds, from the random number it is given', () => {
    const opts = { baseMs: 1000, maxMs: 8000, jitter: 0.5 };
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(2000);
    expect(backoffDelay(3, { ...opts, random: () => 0.5 })).toBe(4000);
    expect(backoffDelay(3, { ...opts, random: () => 0.999999 })).toBe(6000);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(4, opts);
      expect(d).toBeGreaterThanOrEqual(4000);
      expect(d).toBeLessThanOrEqual(12000);
    }
  });
});

describe('retrying', () => {
  it('waits through the sleep it is given, with the back-off between tries, then rethrows', async () => {
    const waits: number[] = [];
    let calls = 0;
    const fail = retrying(
      async () => {
        calls++;
        throw new Error(`try ${calls}`);
      },
      { retries: 3, baseMs: 100, maxMs: 250, sleep: async (ms) => void waits.push(ms) },
    );
    await expect(fail).rejects.toThrow('try 4');
    expect(waits).toEqual([100, 200, 250]);
  });

  it('stops at a failure that is not worth another try', async () => {
    let calls = 0;
    const fail = retrying(
      async () => {
        calls++;
        throw new Error('bad request');
      },
      { retries: 5, baseMs: 1, maxMs: 1, sleep: async () => {}, retryable: () => false },
    );
    await expect(fail).rejects.toThrow('bad request');
    expect(calls).toBe(1);
  });
});
