import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import { UnjudgedError } from '../step2';
import type { BudgetHold, ProbeBudget, Step2Result } from '../types';
import { createVerifier } from '../verifier';

// The probe budget's gate, Stop and turns by workspace, in the engine (decision 0860): addresses over a
// workspace's allowance, or of a stopped call, reach no server and come back without a verdict.

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const HOUR = 3_600_000;

/** The budget in memory, with its own clock (the database's is tested in probe-budget). */
class MemoryBudget implements ProbeBudget {
  now = 10 * HOUR;
  spent = new Map<string, number>();
  holds = new Map<string, BudgetHold>();
  constructor(private readonly a: { hour: number; domainHour: number }) {}
  private key = (w: string, scope: string) => `${w}|${Math.floor(this.now / HOUR)}|${scope}`;
  held(w: string, domain: string) {
    for (const k of [w, `${w}|${domain}`]) {
      const h = this.holds.get(k);
      if (h && h.resumesAt > this.now) return h;
    }
    return null;
  }
  async spend(o: { workspace: string; domain: string; n: number }) {
    const used = (s: string) => this.spent.get(this.key(o.workspace, s)) ?? 0;
    const room = { hour: this.a.hour - used('hour'), domain: this.a.domainHour - used(o.domain) };
    const granted = Math.max(0, Math.min(o.n, room.hour, room.domain));
    for (const s of ['hour', o.domain]) this.spent.set(this.key(o.workspace, s), used(s) + granted);
    const resumesAt = (Math.floor(this.now / HOUR) + 1) * HOUR;
    let hold: BudgetHold | null = null;
    if (room.hour - granted <= 0) hold = { limit: 'hour', allowance: this.a.hour, resumesAt };
    else if (room.domain - granted <= 0)
      hold = { limit: 'domain', allowance: this.a.domainHour, resumesAt, domain: o.domain };
    if (hold) this.holds.set(hold.limit === 'domain' ? `${o.workspace}|${o.domain}` : o.workspace, hold);
    return { granted, hold: granted < o.n ? hold : null };
  }
  used(w: string) {
    return this.spent.get(this.key(w, 'hour')) ?? 0;
  }
}

let w: World;
beforeAll(async () => {
  w = await startWorld({
    'big.test': { mailboxes: range(5, (i) => `u${i}@big.test`), latencyMs: 1 },
    'other.test': { mailboxes: range(5, (i) => `u${i}@other.test`), latencyMs: 1 },
    // ~30 ms per command, one after another: a slow server, where a queue builds up.
    'slow.test': { mailboxes: range(5, (i) => `u${i}@slow.test`), commandMs: 30 },
  });
});
afterAll(() => w.close());

function verifier(budget?: ProbeBudget) {
  return createVerifier({
    dnsServers: [w.dns.server],
    dnsCanaries: [],
    budget,
    smtp: { allowPrivate: true, port: w.port, heloName: 'probe.test', mailFrom: 'bounce@probe.test' },
  });
}

async function settled<T>(p: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await p };
  } catch (error) {
    return { error };
  }
}

describe('the probe budget', () => {
  it('sends no RCPT over a workspace allowance: the rest come back unjudged, with the hold', async () => {
    const budget = new MemoryBudget({ hour: 20, domainHour: 1000 });
    const v = verifier(budget);
    const s = w.hosts['big.test'].stats;
    const before = s.rcpts.length;
    const seen: Step2Result[] = [];
    try {
      const r = await settled(
        v.checkStep2(
          range(60, (i) => `x${i}@big.test`),
          { tenant: 'find:a', workspace: 'A', onResult: (x) => seen.push(x) },
        ),
      );
      expect(r.error).toBeInstanceOf(UnjudgedError);
      const e = r.error as UnjudgedError;
      expect(e.hold).toMatchObject({ limit: 'hour', allowance: 20, resumesAt: 11 * HOUR });
      // Never more than the allowance reached the server (sessions count too), and the rows left have no verdict.
      expect(s.rcpts.length - before).toBeLessThanOrEqual(20);
      expect(budget.used('A')).toBeLessThanOrEqual(20);
      expect(seen.length + e.rows).toBe(60);
      expect(seen.every((x) => x.status === 'invalid' && x.reason === 'rejected')).toBe(true);
      // Another workspace's budget is its own.
      const other = await v.checkStep2(['u1@big.test', 'nobody@big.test'], {
        tenant: 'find:b',
        workspace: 'B',
      });
      expect(other.map((x) => x.status)).toEqual(['valid', 'invalid']);
      // Still held for A until the hour turns: nothing sent.
      const sent = s.rcpts.length;
      await expect(v.checkStep2(['u2@big.test'], { tenant: 'find:a', workspace: 'A' })).rejects.toThrow(
        UnjudgedError,
      );
      expect(s.rcpts.length).toBe(sent);
      // The hour turns: A is asked again.
      budget.now = 11 * HOUR;
      const again = await v.checkStep2(['u2@big.test'], { tenant: 'find:a', workspace: 'A' });
      expect(again[0].status).toBe('valid');
    } finally {
      await v.close();
    }
  });

  it('keeps one target domain under its ceiling while other domains go on', async () => {
    const budget = new MemoryBudget({ hour: 1000, domainHour: 10 });
    const v = verifier(budget);
    const big = w.hosts['big.test'].stats;
    const before = big.rcpts.length;
    try {
      const r = await settled(
        v.checkStep2(range(40, (i) => `y${i}@big.test`).concat(['u1@other.test']), {
          tenant: 'list',
          workspace: 'C',
        }),
      );
      const e = r.error as UnjudgedError;
      expect(e.hold).toMatchObject({ limit: 'domain', domain: 'big.test', allowance: 10 });
      expect(big.rcpts.length - before).toBeLessThanOrEqual(10);
      const fine = await v.checkStep2(['u2@other.test'], { tenant: 'list', workspace: 'C' });
      expect(fine[0].status).toBe('valid');
    } finally {
      await v.close();
    }
  });
});

describe('Stop', () => {
  it('withdraws what the provider still holds: no RCPT after the stop, nothing judged', async () => {
    const v = verifier();
    const s = w.hosts['slow.test'].stats;
    const stop = new AbortController();
    const seen: Step2Result[] = [];
    try {
      const work = settled(
        v.checkStep2(
          range(400, (i) => `z${i}@slow.test`),
          { tenant: 'find:stop', workspace: 'S', signal: stop.signal, onResult: (x) => seen.push(x) },
        ),
      );
      while (seen.length < 10) await new Promise((r) => setTimeout(r, 20));
      stop.abort();
      const r = await work;
      const atEnd = s.rcpts.length;
      expect(r.error).toBeInstanceOf(UnjudgedError);
      expect((r.error as UnjudgedError).unjudged.why).toBe('stopped');
      expect(seen.length + (r.error as UnjudgedError).rows).toBe(400);
      // Writes in flight at the stop were answered; nothing is sent after that.
      await new Promise((r) => setTimeout(r, 500));
      expect(s.rcpts.length).toBe(atEnd);
      expect(seen.length).toBeLessThan(400);
    } finally {
      await v.close();
    }
  });
});

describe('turns by workspace', () => {
  it("serves another workspace's list while one workspace floods the server with many finds", async () => {
    const v = verifier();
    let aDone = 0;
    let aDoneWhenB = -1;
    try {
      // Workspace A: twenty finds of 20 addresses each (twenty tenants, one workspace).
      const flood = range(20, (f) =>
        v.checkStep2(
          range(20, (i) => `f${f}-${i}@slow.test`),
          { tenant: `find:a${f}`, workspace: 'A', onResult: () => aDone++ },
        ),
      );
      await new Promise((r) => setTimeout(r, 50));
      await v.checkStep2(
        range(40, (i) => `b${i}@slow.test`),
        { tenant: 'list:b', workspace: 'B' },
      );
      aDoneWhenB = aDone;
      await Promise.all(flood);
      // Turns by tenant would give B one turn in 21 (done after most of A's 400); by workspace, one in 2.
      expect(aDoneWhenB).toBeLessThan(150);
    } finally {
      await v.close();
    }
  });
});
