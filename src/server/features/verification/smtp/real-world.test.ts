import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import type { WaitingGroup } from '../../../../shared/list-runs';
import { DEFAULT_SMTP } from '../options';
import type { Step2Result } from '../types';
import { createVerifier } from '../verifier';

// Mail servers that behave as real ones do, all verified in one run with the DEFAULT settings
// (SMTP_TIMEOUT_MS=10000, SMTP_BACKOFF_S=60, GREYLIST_RETRY_S=300): the run lasts about its longest
// single wait (the silent host's timeout), not the sum of them, and every row gets its true verdict.

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
/** Even-numbered users exist. */
const half = (domain: string, n: number) => range(n, (i) => `u${i * 2}@${domain}`);
const rows = (domain: string, n: number) => range(n, (i) => `u${i}@${domain}`);

let w: World;
beforeAll(async () => {
  w = await startWorld(
    {
      // Counts a connection until it has read our close; a third one meets 421.
      'counting.test': {
        mailboxes: half('counting.test', 60),
        maxConnections: 2,
        holdUntilClientCloses: true,
      },
      // Its real limit is one connection: 421 to our second, all the time.
      'narrow.test': {
        mailboxes: half('narrow.test', 40),
        maxConnections: 1,
        holdUntilClientCloses: true,
        maxRcptPerSession: 10,
      },
      // 20 RCPT per session, then 452 4.5.3.
      'limit20.test': { mailboxes: half('limit20.test', 50), maxRcptPerSession: 20 },
      // 450 4.2.1 "receiving mail at a rate…" past 15 RCPT in 4 s (a minute on real servers).
      'rate.test': { mailboxes: half('rate.test', 12), rateLimit: { rcpts: 15, windowMs: 4000 } },
      // Accepts TCP, never sends a banner.
      'silent.test': { silent: true },
      // Drops every second session right after EHLO.
      'flaky.test': { mailboxes: half('flaky.test', 30), closeAfterEhloEvery: 2 },
      // "try again in 5 seconds".
      'grey.test': { mailboxes: half('grey.test', 10), greylistS: 5 },
      // Banner after 3 s.
      'tarpit.test': { mailboxes: half('tarpit.test', 10), bannerDelayMs: 3000 },
      'backup.test': { mailboxes: half('fallback.test', 10) },
    },
    (unused, ipOf) => ({
      // Primary MX refuses connections (nothing listens), the backup answers.
      'fallback.test': {
        MX: [
          { preference: 10, exchange: 'mx1.fallback.test' },
          { preference: 20, exchange: 'mx2.fallback.test' },
        ],
      },
      'mx1.fallback.test': { A: [unused] },
      'mx2.fallback.test': { A: [ipOf['backup.test']] },
    }),
  );
});
afterAll(() => w.close());

const expected = (email: string): string => {
  const [local, domain] = email.split('@');
  if (domain === 'silent.test') return 'risky/unreachable';
  const n = Number(local.slice(1));
  return n % 2 === 0 ? 'valid/accepted' : 'invalid/rejected';
};

describe('a world of real-behaving mail servers, default settings', () => {
  it('every row gets its true verdict; no server is parked; the dead host answers last, once', async () => {
    const v = createVerifier({
      dnsServers: [w.dns.server],
      smtp: {
        ...DEFAULT_SMTP,
        allowPrivate: true,
        port: w.port,
        heloName: 'probe.test',
        mailFrom: 'b@probe.test',
      },
    });
    const emails = [
      ...rows('counting.test', 120),
      ...rows('narrow.test', 80),
      ...rows('limit20.test', 100),
      ...rows('rate.test', 24),
      ...rows('silent.test', 10),
      ...rows('flaky.test', 60),
      ...rows('grey.test', 20),
      ...rows('tarpit.test', 20),
      // fallback.test's mailboxes live on the backup server.
      ...rows('fallback.test', 10),
    ];
    const order: Step2Result[] = [];
    // What progress would show meanwhile (sampled; the waits last seconds): the most rows seen per group.
    const seen = new Map<string, WaitingGroup>();
    const sampler = setInterval(() => {
      for (const g of v.waiting('world')) {
        const key = `${g.reason} ${g.host}`;
        if ((seen.get(key)?.rows ?? 0) <= g.rows) seen.set(key, g);
      }
    }, 200);
    try {
      const results = await v.checkStep2(emails, { tenant: 'world', onResult: (r) => order.push(r) });
      clearInterval(sampler);
      const wrong = results
        .map((r) => ({ email: r.input, got: `${r.status}/${r.reason}` }))
        .filter((r) => r.got !== expected(r.email));
      expect(wrong).toEqual([]);

      // Nothing waited behind the dead host: once its rows come out (at one timeout), only rows of the
      // servers slow by design (greylisting, a tarpit, a rate limit) may still be on their way, never
      // the quick ones'. (Which of those slow ones ends last depends on the machine's load.)
      const firstSilent = order.findIndex((r) => r.input.endsWith('@silent.test'));
      const quickAfter = order
        .slice(firstSilent)
        .map((r) => r.input.split('@')[1])
        .filter((d) => !['silent.test', 'grey.test', 'tarpit.test', 'rate.test'].includes(d));
      expect(firstSilent).toBeGreaterThan(0);
      expect(quickAfter).toEqual([]);
      // One timeout and its overlapped second chance: two connections, never more.
      expect(w.hosts['silent.test'].stats.connections).toBe(2);

      const s = (d: string) => w.hosts[d].stats;
      // Sockets held until the server has read our close: the counting server never had to say 421.
      expect(s('counting.test').rejected421).toBe(0);
      // A server whose real limit is below our cap: a few 421s, then it is given one slot.
      expect(s('narrow.test').rejected421).toBeGreaterThanOrEqual(1);
      expect(s('narrow.test').rejected421).toBeLessThanOrEqual(3);
      // Sessions of at most 20 (the 452 is learned), and here about 10: with half the addresses
      // unknown, Exim's line (past 10 RCPTs, half accepted) ends them first. Never one per 452.
      expect(s('limit20.test').connections).toBeLessThanOrEqual(12);
      // The rate limit did bite, and only slowed the pace.
      expect(s('rate.test').rateLimited).toBeGreaterThan(0);
      // The refused primary: its rows went to the backup and were asked there.
      expect(s('backup.test').rcpts.filter((r) => /^u\d+@fallback.test$/.test(r))).toHaveLength(10);
      // Progress said why the last rows waited: greylisted at mx.grey.test (all 20 at once, though in
      // three sessions: a 451 is an error of the session too), a silent mx.silent.test.
      expect(seen.get('greylisted mx.grey.test')?.rows).toBe(20);
      expect(seen.get('no_answer_yet mx.silent.test')?.rows).toBe(10);
      expect(v.waiting('world')).toEqual([]);
      // The cap holds at every server, counted by the servers until they read our close.
      for (const d of Object.keys(w.hosts)) expect(s(d).maxConcurrent, d).toBeLessThanOrEqual(2);
    } finally {
      clearInterval(sampler);
      await v.close();
    }
  }, 40_000);
});
