import { describe, expect, it } from 'vitest';
import { awaitJob } from './await-job';

/** A clock that only moves when the waiter sleeps, and the sleeps asked for. */
function fakeTime() {
  let t = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}

describe('awaitJob', () => {
  it('reads every 150 ms until the job is done, and returns its state then', async () => {
    const time = fakeTime();
    const states = ['running', 'running', 'completed', 'never read'];
    let reads = 0;
    const state = await awaitJob({
      first: 'queued',
      read: async () => states[reads++],
      done: (s) => s === 'completed',
      waitMs: 10_000,
      ...time,
    });
    expect(state).toBe('completed');
    expect(reads).toBe(3);
    expect(time.sleeps).toEqual([150, 150, 150]);
  });

  it('gives up at waitMs with the last state read, its last sleep cut to the deadline', async () => {
    const time = fakeTime();
    const state = await awaitJob({
      first: { status: 'queued' },
      read: async () => ({ status: 'running' }),
      done: (s) => s.status === 'completed',
      waitMs: 400,
      ...time,
    });
    expect(state).toEqual({ status: 'running' });
    expect(time.sleeps).toEqual([150, 150, 100]);
  });

  it('answers at once when the job is already done, and keeps the state when a read finds nothing', async () => {
    const time = fakeTime();
    let reads = 0;
    expect(
      await awaitJob({
        first: 'failed',
        read: async () => 'x',
        done: (s) => s === 'failed',
        waitMs: 1_000,
        ...time,
      }),
    ).toBe('failed');
    expect(time.sleeps).toEqual([]);
    const kept = await awaitJob({
      first: 'queued',
      read: async () => (reads++ ? 'completed' : null),
      done: (s) => s === 'completed',
      waitMs: 1_000,
      ...time,
    });
    expect(kept).toBe('completed');
  });
});
