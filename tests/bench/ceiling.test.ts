import { describe, expect, it } from 'vitest';
import { ceilingOf, errorBudgetOf, serverCeiling } from '../../bench/ceiling';
import type { SharedWorld, Truth } from '../../bench/shared-world';

// A world small enough to count by hand. Server A (127.0.0.1): domain a0 with 25 unknown addresses
// (rejected, so no probe), and five domains a1…a5 with one existing address each (each needs a probe,
// and the probe is rejected: they are not catch-all). Server B (127.0.0.2): two catch-all domains of
// five rows each (a probe each, accepted).
function tinyWorld(errorLimits?: { soft: number; hard: number; sleepMs: number }) {
  const emails: string[] = [];
  const truth = new Map<string, Truth>();
  const ipOf = new Map<string, string>();
  const add = (domain: string, ip: string, n: number, t: Truth) => {
    ipOf.set(`mx.${domain}`, ip);
    for (let i = 0; i < n; i++) {
      emails.push(`u${i}@${domain}`);
      truth.set(`u${i}@${domain}`, t);
    }
  };
  add('a0.test', '127.0.0.1', 25, 'unknown');
  for (let d = 1; d <= 5; d++) add(`a${d}.test`, '127.0.0.1', 1, 'exists');
  add('b0.test', '127.0.0.2', 5, 'catch_all');
  add('b1.test', '127.0.0.2', 5, 'catch_all');
  const timesOf = (m: string) =>
    m === 'per-command' ? { latencyMs: 1, commandMs: 30 } : { latencyMs: 30, commandMs: 0 };
  return {
    emails,
    truth,
    ipOf,
    spec: { model: 'per-command', timesOf, cap: 2, rcptLimit: 20, errorLimits },
  } as unknown as SharedWorld;
}

const postfix = { soft: 10, hard: 20, sleepMs: 1000 };

describe('the polite ceiling', () => {
  it('counts sessions by the error budget when rejections bind, and commands per session', () => {
    const c = ceilingOf(tinyWorld(postfix));
    const a = c.servers.find((s) => s.name === '127.0.0.1')!;
    // 30 rows + 5 probes = 35 RCPT; 25 + 5 rejections; sessions max(⌈35/20⌉, ⌈30/9⌉) = 4.
    expect(a).toMatchObject({ rows: 30, rcpts: 35, rejections: 30, sessions: 4, commands: 4 * 3 + 35 });
    // (47 commands + 4 banners) × 30 ms ÷ 2 connections + 2 slots' turns × 3 round trips × 1 ms.
    expect(a.seconds).toBeCloseTo(((47 + 4) * 30) / 2 / 1000 + (2 * 3 * 1) / 1000, 6);
    const b = c.servers.find((s) => s.name === '127.0.0.2')!;
    // Catch-all: 10 rows + 2 accepted probes, no rejection, one session.
    expect(b).toMatchObject({ rows: 10, rcpts: 12, rejections: 0, sessions: 1, commands: 15 });
    expect(b.seconds).toBeCloseTo((16 * 30) / 2 / 1000 + 3 / 1000, 6);
    expect(c.busiest.name).toBe('127.0.0.1');
    expect(c.seconds).toBeCloseTo(0.771, 6);
    expect(c.rowsPerS).toBeCloseTo(40 / 0.771, 6);
    expect(c.commands).toBe(47 + 15);
  });

  it('needs fewer sessions on a server that does not count errors', () => {
    const a = ceilingOf(tinyWorld()).servers.find((s) => s.name === '127.0.0.1')!;
    expect(a).toMatchObject({ sessions: 2, commands: 2 * 3 + 35 });
    expect(a.seconds).toBeCloseTo(((41 + 2) * 30) / 2 / 1000 + 3 / 1000, 6);
  });

  it('charges round trips only under the per-round-trip model', () => {
    const c = ceilingOf(tinyWorld(postfix), undefined, 'round-trip');
    expect(c.model).toBe('round-trip');
    // Server A: 4 sessions on 2 connections, 3 round trips of 30 ms each.
    expect(c.seconds).toBeCloseTo((2 * 3 * 30) / 1000, 6);
  });

  it('counts only the given rows', () => {
    const world = tinyWorld(postfix);
    const c = ceilingOf(world, world.emails.slice(25));
    // a1…a5 and the catch-all rows: 5 rows + 5 rejected probes on A, one session.
    expect(c.servers.find((s) => s.name === '127.0.0.1')).toMatchObject({
      rcpts: 10,
      rejections: 5,
      sessions: 1,
    });
  });

  it("adds a tarpit's delay per rejection, which no client can save", () => {
    const s = serverCeiling({
      name: 'exchange',
      rows: 40,
      rejected: 20,
      probes: 0,
      probesRejected: 0,
      cap: 2,
      rcptLimit: Number.POSITIVE_INFINITY,
      errorBudget: Number.POSITIVE_INFINITY,
      latencyMs: 30,
      commandMs: 0,
      bannerCharged: true,
      tarpitMs: 5000,
      pipelining: true,
    });
    expect(s.tarpitFloorS).toBe(50);
    expect(s.seconds).toBeCloseTo(50 + 0.09, 6);
  });

  it('gives a Postfix-like server a budget below its slow-down', () => {
    expect(errorBudgetOf(postfix)).toBe(9);
    expect(errorBudgetOf(undefined)).toBe(Number.POSITIVE_INFINITY);
  });
});
