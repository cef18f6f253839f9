import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import type { Step2Result } from './types';
import { createVerifier } from './verifier';

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const global = { current: 0, maxConcurrent: 0 };

let w: World;
beforeAll(async () => {
  w = await startWorld({
    'many.test': { mailboxes: range(60, (i) => `u${i}@many.test`), latencyMs: 5 },
    'wild.test': { catchAll: true },
    'nopipe.test': { mailboxes: range(10, (i) => `u${i}@nopipe.test`), pipelining: false },
    'limit.test': { mailboxes: range(10, (i) => `u${i}@limit.test`), maxRcptPerSession: 3 },
    'crowded.test': { mailboxes: range(40, (i) => `u${i}@crowded.test`), maxConnections: 1, latencyMs: 5 },
    'drop.test': { mailboxes: range(6, (i) => `u${i}@drop.test`), dropAtRcpt: 2, dropConnections: 1 },
    'grey.test': { mailboxes: ['bob@grey.test'], greylistS: 1 },
    'plain.test': { mailboxes: ['ann@plain.test'] },
    // Schedule for the tail: a slow banner holds the only global slot while two hosts queue.
    'blocker.test': { mailboxes: ['ann@blocker.test'], bannerDelayMs: 300 },
    'small.test': { mailboxes: ['u0@small.test'] },
    'big.test': { mailboxes: range(40, (i) => `u${i}@big.test`) },
    ...Object.fromEntries(
      range(6, (i) => `g${i}.test`).map((d) => [
        d,
        { mailboxes: range(20, (j) => `u${j}@${d}`), latencyMs: 10, shared: global },
      ]),
    ),
  });
});
afterAll(() => w.close());

const verifier = (smtp: Record<string, unknown> = {}) =>
  createVerifier({
    dnsServers: [w.dns.server],
    smtp: {
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'bounce@probe.test',
      timeoutMs: 3000,
      greylistRetryS: 1,
      backoffMs: 50,
      ...smtp,
    },
  });

async function run(emails: string[], smtp?: Record<string, unknown>, onResult?: (r: Step2Result) => void) {
  const v = verifier(smtp);
  try {
    return await v.checkStep2(emails, { onResult });
  } finally {
    await v.close();
  }
}

describe('politeness and session reuse (counted by the fake servers)', () => {
  it('reuses sessions, pipelines, never exceeds the per-host cap', async () => {
    const s = w.hosts['many.test'].stats;
    const emails = range(120, (i) => `u${i}@many.test`);
    const results = await run(emails, { maxConnectionsPerHost: 2, maxRcptPerSession: 50 });
    expect(results.filter((r) => r.reason === 'accepted')).toHaveLength(60);
    expect(results.filter((r) => r.reason === 'rejected')).toHaveLength(60);
    // 60 rejections at 9 a session (the error budget, not the 50 RCPT limit, sets the sessions)...
    expect(s.connections).toBeLessThanOrEqual(8);
    expect(Math.max(...s.sessionErrors)).toBeLessThanOrEqual(9);
    expect(s.maxConcurrent).toBeLessThanOrEqual(2);
    expect(s.pipelined).toBeGreaterThan(100);
    // ...one MAIL FROM a session, no RSET, and one catch-all probe at most (the 60 existing addresses
    // come first: 20 accepted ones waiting are enough to send it).
    expect(s.commands.filter((c) => c.startsWith('MAIL')).length).toBe(s.connections);
    expect(s.commands.filter((c) => c === 'RSET')).toHaveLength(0);
    expect(s.rcpts.filter((r) => r.startsWith('verilead-')).length).toBeLessThanOrEqual(1);
  });

  it('with one connection per host allowed, never opens two at once', async () => {
    const before = w.hosts['many.test'].stats.connections;
    w.hosts['many.test'].stats.maxConcurrent = 0;
    await run(
      range(40, (i) => `u${i}@many.test`),
      { maxConnectionsPerHost: 1, maxRcptPerSession: 5 },
    );
    expect(w.hosts['many.test'].stats.maxConcurrent).toBe(1);
    expect(w.hosts['many.test'].stats.connections - before).toBeGreaterThanOrEqual(8);
  });

  it('keeps the global cap across hosts', async () => {
    const emails = range(6, (i) => range(20, (j) => `u${j}@g${i}.test`)).flat();
    const results = await run(emails, { maxConnections: 3, maxConnectionsPerHost: 2, maxRcptPerSession: 4 });
    expect(results.every((r) => r.status === 'valid')).toBe(true);
    expect(global.maxConcurrent).toBeLessThanOrEqual(3);
    expect(global.maxConcurrent).toBeGreaterThan(0);
  });

  it('probes catch-all once per domain per run, with one random address', async () => {
    const s = w.hosts['wild.test'].stats;
    const v = verifier();
    await v.checkStep2(range(30, (i) => `p${i}@wild.test`));
    const second = await v.checkStep2(range(5, (i) => `q${i}@wild.test`));
    await v.close();
    expect(second.every((r) => r.reason === 'catch_all')).toBe(true);
    const probes = s.rcpts.filter((r) => r.startsWith('verilead-'));
    expect(probes).toHaveLength(1);
  });

  it('verifies duplicates in one batch once', async () => {
    const s = w.hosts['plain.test'].stats;
    const results = await run(['ann@plain.test', 'Ann@plain.test', 'ann@plain.test', 'ann@PLAIN.test']);
    expect(results.map((r) => r.status)).toEqual(['valid', 'valid', 'valid', 'valid']);
    expect(s.rcpts.filter((r) => r === 'ann@plain.test')).toHaveLength(2); // "Ann" is another local part
  });

  it('does not pipeline when PIPELINING is not offered', async () => {
    const s = w.hosts['nopipe.test'].stats;
    const results = await run(range(20, (i) => `u${i}@nopipe.test`));
    expect(results.filter((r) => r.status === 'valid')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'invalid')).toHaveLength(10);
    expect(s.pipeliningViolations).toBe(0);
    // Ten rejections: the tenth goes to a second session.
    expect(s.connections).toBe(2);
    expect(Math.max(...s.sessionErrors)).toBeLessThanOrEqual(9);
  });

  it('opens a new session on 452 too many recipients and learns the limit', async () => {
    const s = w.hosts['limit.test'].stats;
    const results = await run(
      range(12, (i) => `u${i}@limit.test`),
      { maxConnectionsPerHost: 1 },
    );
    expect(results.filter((r) => r.status === 'valid')).toHaveLength(10);
    expect(results.filter((r) => r.reason === 'rejected')).toHaveLength(2);
    // 13 RCPTs (with the catch-all probe) at 3 per session: 5 sessions, one wasted at most.
    expect(s.connections).toBeLessThanOrEqual(6);
  });

  it('backs off on 421 and still finishes with the connections the host allows', async () => {
    const s = w.hosts['crowded.test'].stats;
    const results = await run(
      range(40, (i) => `u${i}@crowded.test`),
      {
        maxConnectionsPerHost: 2,
        maxRcptPerSession: 10,
      },
    );
    expect(results.filter((r) => r.status !== 'valid')).toEqual([]);
    expect(s.rejected421).toBeGreaterThanOrEqual(1);
    expect(s.rejected421).toBeLessThanOrEqual(2); // one slot fewer after the first 421
  });

  it('requeues the addresses of a session the server dropped', async () => {
    const results = await run(range(6, (i) => `u${i}@drop.test`));
    expect(results.every((r) => r.status === 'valid')).toBe(true);
    expect(w.hosts['drop.test'].stats.connections).toBe(2);
  });

  it('when connections are short, the host with the most work left gets the next one', async () => {
    const v = verifier({ maxConnections: 1 });
    const order: string[] = [];
    try {
      const first = v.checkStep2(['ann@blocker.test']);
      // The blocker's session holds the only global slot (its banner takes 300 ms)…
      while (w.hosts['blocker.test'].stats.connections === 0) await new Promise((r) => setTimeout(r, 5));
      // …while a 2-row host and a 40-row host queue for it.
      const emails = [...range(2, (i) => `u${i}@small.test`), ...range(40, (i) => `u${i}@big.test`)];
      const rest = v.checkStep2(emails, { onResult: (r) => order.push(r.key) });
      await Promise.all([first, rest]);
      const lastBig = Math.max(...order.map((k, i) => (k.endsWith('@big.test') ? i : -1)));
      const firstSmall = order.findIndex((k) => k.endsWith('@small.test'));
      expect(lastBig).toBeLessThan(firstSmall);
    } finally {
      await v.close();
    }
  });

  it('greylisted addresses come back later while the rest goes on', async () => {
    const order: string[] = [];
    const results = await run(['bob@grey.test', 'ann@plain.test', 'u1@many.test'], {}, (r) =>
      order.push(r.key),
    );
    expect(results.map((r) => r.status)).toEqual(['valid', 'valid', 'valid']);
    expect(order[order.length - 1]).toBe('bob@grey.test');
  });
});
