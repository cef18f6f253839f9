import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmtpStats } from '../../../../../tests/fakes/smtp';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import type { WaitingGroup } from '../../../../shared/list-runs';
import type { Step2Result } from '../types';
import { createVerifier } from '../verifier';

// Servers as strict as real ones (VERIFICATION.md, "What a server tolerates in one session"): Postfix's
// error limits, Exchange's tarpit, server time on every command, and Microsoft 365's one domain per
// transaction. Every verdict must be the true one, and no session may draw a slow-down or a cut.

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const POSTFIX = { soft: 10, hard: 20, sleepMs: 1000 };
const TENANTS = 12;

let w: World;
beforeAll(async () => {
  w = await startWorld(
    {
      // 100 unknown addresses at one company: the list that drew "too many errors after RCPT".
      'postfix.test': {
        mailboxes: range(20, (i) => `u${i}@postfix.test`),
        errorLimits: POSTFIX,
        latencyMs: 2,
      },
      'lowsoft.test': {
        mailboxes: range(5, (i) => `u${i}@lowsoft.test`),
        errorLimits: { soft: 4, hard: 40, sleepMs: 600 },
        latencyMs: 2,
      },
      'hardonly.test': {
        mailboxes: range(5, (i) => `u${i}@hardonly.test`),
        errorLimits: { soft: 1000, hard: 6, sleepMs: 0 },
        latencyMs: 2,
      },
      'tarpit.test': { mailboxes: range(6, (i) => `u${i}@tarpit.test`), rejectDelayMs: 400, latencyMs: 2 },
      // One server hosting many small domains, spending 5 ms on each command, one after another.
      'hosting.test': {
        mailboxes: range(TENANTS, (t) => `a@t${t}.hosting.test`).concat(
          range(TENANTS / 2, (t) => `b@t${t}.hosting.test`),
        ),
        commandMs: 5,
        errorLimits: POSTFIX,
      },
      'pair.test': { mailboxes: ['a@pair.test', 'b@pair.test'], latencyMs: 2 },
      'greywild.test': { catchAll: true, greylistS: 1, latencyMs: 2 },
      'single.test': {
        mailboxes: range(3, (d) => range(3, (i) => `u${i}@s${d}.single.test`)).flat(),
        singleDomainPerTransaction: true,
        errorLimits: POSTFIX,
        latencyMs: 2,
      },
    },
    (_unused, ipOf) => ({
      // Domains whose MX names all point at one server: t0…t11 at hosting.test's, s0…s2 at single.test's.
      ...Object.fromEntries(
        [
          ...range(TENANTS, (t) => [`t${t}.hosting.test`, ipOf['hosting.test']] as const),
          ...range(3, (d) => [`s${d}.single.test`, ipOf['single.test']] as const),
        ].flatMap(([domain, ip]) => [
          [domain, { MX: [{ preference: 10, exchange: `mx.${domain}` }] }],
          [`mx.${domain}`, { A: [ip] }],
        ]),
      ),
    }),
  );
});
afterAll(() => w.close());

async function verify(
  emails: string[],
  watch?: (waiting: WaitingGroup[]) => void,
  smtp: Record<string, number> = {},
): Promise<Step2Result[]> {
  const v = createVerifier({
    dnsServers: [w.dns.server],
    smtp: {
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'bounce@probe.test',
      greylistRetryS: 1,
      ...smtp,
    },
  });
  const sampler = watch && setInterval(() => watch(v.waiting('list')), 50);
  try {
    return await v.checkStep2(emails, { tenant: 'list' });
  } finally {
    clearInterval(sampler);
    await v.close();
  }
}

const verdicts = (results: Step2Result[]) =>
  Object.fromEntries(results.map((r) => [r.key, `${r.status}/${r.reason}`]));
const mostErrors = (s: FakeSmtpStats) => Math.max(0, ...s.sessionErrors);
const count = (s: FakeSmtpStats, verb: string) =>
  s.commands.filter((c) => c.toUpperCase().startsWith(verb)).length;

describe('servers that count errors', () => {
  it("Postfix's stock limits: 100 unknown addresses, no session slowed or cut, every verdict true", async () => {
    const s = w.hosts['postfix.test'].stats;
    const emails = range(120, (i) => `u${i}@postfix.test`);
    const results = await verify(emails);
    expect(results.filter((r) => r.status === 'valid')).toHaveLength(20);
    expect(results.filter((r) => r.status === 'invalid' && r.reason === 'rejected')).toHaveLength(100);
    expect(mostErrors(s)).toBeLessThanOrEqual(9);
    expect(s.slowedSessions).toBe(0);
    expect(s.errorLimitLog).toEqual([]);
    expect(s.maxConcurrent).toBeLessThanOrEqual(2);
  });

  it('learns a lower slow-down point from late replies and keeps later sessions under it', async () => {
    const s = w.hosts['lowsoft.test'].stats;
    const results = await verify(range(40, (i) => `u${i}@lowsoft.test`));
    expect(results.filter((r) => r.status === 'valid')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'invalid')).toHaveLength(35);
    // The first session showed it (its replies slowed after 4 errors) and ended at Exim's line (10 RCPTs,
    // 5 accepted) before a second late reply; the next one confirmed it while a third was in flight.
    // Every later one stays at 3.
    expect(s.slowedSessions).toBeLessThanOrEqual(3);
    expect(s.sessionErrors.slice(3).every((n) => n <= 3)).toBe(true);
    expect(s.errorLimitLog).toEqual([]);
  });

  it('learns a cut below the assumed limit from its 421 and is not cut again', async () => {
    const s = w.hosts['hardonly.test'].stats;
    const results = await verify(range(40, (i) => `u${i}@hardonly.test`));
    expect(results.filter((r) => r.status === 'valid')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'invalid')).toHaveLength(35);
    // Nothing could tell before the first cut (two sessions in flight may meet it); after it, sessions
    // stop at 5 errors.
    expect(s.errorLimitLog.length).toBeLessThanOrEqual(2);
    expect(s.sessionErrors.slice(s.sessionErrors.lastIndexOf(6) + 1).every((n) => n <= 5)).toBe(true);
  });

  it("Exchange's tarpit: every verdict true, rejections never beyond the budget", async () => {
    const s = w.hosts['tarpit.test'].stats;
    const results = await verify(range(16, (i) => `u${i}@tarpit.test`));
    expect(results.filter((r) => r.status === 'valid')).toHaveLength(6);
    expect(results.filter((r) => r.status === 'invalid')).toHaveLength(10);
    expect(mostErrors(s)).toBeLessThanOrEqual(9);
  });
});

describe('fewer commands per answer', () => {
  it('one transaction carries every domain of a shared server; probes only where nothing was rejected', async () => {
    const s = w.hosts['hosting.test'].stats;
    // Two addresses per domain: in half the domains both exist, in the other half only `a@`.
    const emails = range(TENANTS, (t) => [`a@t${t}.hosting.test`, `b@t${t}.hosting.test`]).flat();
    const results = await verify(emails);
    const v = verdicts(results);
    for (let t = 0; t < TENANTS; t++) {
      expect(v[`a@t${t}.hosting.test`]).toBe('valid/accepted');
      expect(v[`b@t${t}.hosting.test`]).toBe(t < TENANTS / 2 ? 'valid/accepted' : 'invalid/rejected');
    }
    const probes = s.rcpts.filter((r) => r.startsWith('verilead-'));
    // A probe for each domain none of whose addresses was rejected, and for no other.
    expect(probes.map((p) => p.split('@')[1]).sort()).toEqual(
      range(TENANTS / 2, (t) => `t${t}.hosting.test`).sort(),
    );
    expect(count(s, 'RSET')).toBe(0);
    expect(count(s, 'MAIL')).toBe(s.connections);
    expect(count(s, 'RCPT')).toBe(emails.length + TENANTS / 2);
    expect(mostErrors(s)).toBeLessThanOrEqual(9);
  });

  it('a server that refuses a second domain in one transaction: one transaction per domain from then on', async () => {
    const s = w.hosts['single.test'].stats;
    const emails = range(3, (d) => range(5, (i) => `u${i}@s${d}.single.test`)).flat();
    const results = await verify(emails);
    const v = verdicts(results);
    for (const e of emails) expect(v[e]).toBe(/u[012]@/.test(e) ? 'valid/accepted' : 'invalid/rejected');
    // Each domain's addresses rode in a transaction of their own after the first refusal.
    const refusedAt = s.commands.indexOf('RSET');
    expect(refusedAt).toBeGreaterThan(0);
    expect(mostErrors(s)).toBeLessThanOrEqual(9);
  });

  it('accepted rows waiting on a greylisted catch-all probe are counted as waiting, not as one row', async () => {
    const seen: number[] = [];
    const results = await verify(
      range(5, (i) => `u${i}@greywild.test`),
      (groups) => {
        for (const g of groups) if (g.reason === 'greylisted') seen.push(g.rows);
      },
    );
    expect(results.every((r) => r.reason === 'catch_all')).toBe(true);
    // First the five rows themselves, then their probe standing for them: five each time.
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([5]));
  });

  it('one recipient a session (SMTP_MAX_RCPT_PER_SESSION=1): the probe rides a session of its own', async () => {
    const results = await verify(['a@pair.test', 'b@pair.test'], undefined, { maxRcptPerSession: 1 });
    expect(results.map((r) => `${r.status}/${r.reason}`)).toEqual(['valid/accepted', 'valid/accepted']);
    expect(w.hosts['pair.test'].stats.connections).toBe(3);
  });
});
