import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../../../tests/fakes/smtp';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { NO_PUBLIC_MX } from './smtp/failure-verdict';
import { checkReachability } from './smtp/self-check';
import type { EngineObserver, Step2Result } from './types';
import { createVerifier } from './verifier';

// The provider facing hosts that misbehave: flaky, silent, on private addresses, or all gone (our
// network). Short timeouts and back-offs come from the settings, so the suite takes seconds.

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

let w: World;
beforeAll(async () => {
  w = await startWorld(
    {
      'flaky.test': {
        mailboxes: range(30, (i) => `u${i * 2}@flaky.test`),
        closeAfterEhloEvery: 2,
        latencyMs: 2,
      },
      'silent.test': { silent: true },
      'fine.test': { mailboxes: range(20, (i) => `u${i}@fine.test`) },
      'shared.test': { mailboxes: range(40, (i) => `u${i}@tenant${i % 20}.test`), latencyMs: 2 },
      'fair.test': { mailboxes: range(300, (i) => `u${i}@fair.test`), latencyMs: 3 },
    },
    (_unused, ipOf) => ({
      // An MX that resolves to loopback: a stranger's domain pointing us at our own machine.
      'inside.test': { MX: [{ preference: 10, exchange: 'mx.inside.test' }] },
      'mx.inside.test': { A: ['127.0.0.1'] },
      // Domains tenant0..19.test, each with its own MX name, all served by the shared.test server.
      ...Object.fromEntries(
        range(20, (i) => [
          [`tenant${i}.test`, { MX: [{ preference: 10, exchange: `mx${i}.tenant${i}.test` }] }],
          [`mx${i}.tenant${i}.test`, { A: [ipOf['shared.test']] }],
        ]).flat(),
      ),
    }),
  );
});
afterAll(() => w.close());

const verifier = (smtp: Record<string, unknown> = {}, observer?: EngineObserver) =>
  createVerifier({
    dnsServers: [w.dns.server],
    observer,
    logger: { info() {}, warn() {}, error() {} },
    smtp: {
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'bounce@probe.test',
      timeoutMs: 400,
      backoffMs: 300,
      retryBaseMs: 20,
      greylistRetryS: 1,
      networkRetryMs: 200,
      ...smtp,
    },
  });

describe('retry budget and dead hosts', () => {
  it('a host that drops half of its connections right after EHLO: every address gets its true verdict', async () => {
    const v = verifier({ maxRcptPerSession: 10, maxConnectionsPerHost: 2 });
    try {
      const results = await v.checkStep2(range(60, (i) => `u${i}@flaky.test`));
      for (const [i, r] of results.entries()) {
        expect(r.reason, r.input).toBe(i % 2 === 0 ? 'accepted' : 'rejected');
      }
      expect(w.hosts['flaky.test'].stats.connections).toBeGreaterThan(4); // drops did happen
    } finally {
      await v.close();
    }
  });

  it('a host that never answers: its rows end risky/unreachable after two timeouts, the rest is not held', async () => {
    const order: string[] = [];
    const v = verifier();
    try {
      const emails = [...range(5, (i) => `x${i}@silent.test`), ...range(20, (i) => `u${i}@fine.test`)];
      const results = await v.checkStep2(emails, { onResult: (r) => order.push(r.key) });
      expect(results.slice(0, 5).map((r) => `${r.status}/${r.reason}`)).toEqual(
        range(5, () => 'risky/unreachable'),
      );
      expect(results.slice(5).every((r) => r.status === 'valid')).toBe(true);
      // The good host's rows were all out before the first silent one: nobody waited on the dead host.
      expect(order.slice(0, 20).every((k) => k.endsWith('@fine.test'))).toBe(true);
      // One connection at a time to a host that never answered, and a second chance only.
      expect(w.hosts['silent.test'].stats.connections).toBe(2);
    } finally {
      await v.close();
    }
  });
});

describe('one prober for every caller', () => {
  it('queues by mail server IP: twenty domains with different MX names share sessions to one server', async () => {
    const s = w.hosts['shared.test'].stats;
    const v = verifier({ maxConnectionsPerHost: 2, maxRcptPerSession: 50 });
    try {
      const emails = range(20, (t) => range(4, (i) => `u${t + 20 * i}@tenant${t}.test`)).flat();
      const results = await v.checkStep2(emails);
      expect(results.filter((r) => r.status === 'valid')).toHaveLength(40);
      expect(results.filter((r) => r.status === 'invalid')).toHaveLength(40);
      // 80 RCPTs and no catch-all probe (each domain has a rejected address), 40 rejections at 9 a session
      // and, half of them unknown, about 10 RCPTs a session (Exim's line: past 10, half accepted).
      expect(s.rcpts).toHaveLength(80);
      expect(s.connections).toBeLessThanOrEqual(9);
      expect(s.maxConcurrent).toBeLessThanOrEqual(2);
      // One transaction a session carries every domain: one MAIL FROM each, no RSET.
      expect(s.commands.filter((c) => c.startsWith('MAIL')).length).toBe(s.connections);
      expect(s.commands.filter((c) => c === 'RSET')).toHaveLength(0);
    } finally {
      await v.close();
    }
  });

  it('takes turns between tenants: a short list on a busy host is not stuck behind a long one', async () => {
    const v = verifier({ maxConnectionsPerHost: 1, maxRcptPerSession: 25 });
    const done: Record<string, number> = {};
    let n = 0;
    try {
      const long = v.checkStep2(
        range(290, (i) => `u${i}@fair.test`),
        { tenant: 'long', onResult: () => (done.long = ++n) },
      );
      await new Promise((r) => setTimeout(r, 50));
      const short = v.checkStep2(
        range(5, (i) => `u${290 + i}@fair.test`),
        { tenant: 'short', onResult: () => (done.short = ++n) },
      );
      await Promise.all([long, short]);
      // The short list's last verdict came long before the long list's last one.
      expect(done.short).toBeLessThan(done.long - 100);
    } finally {
      await v.close();
    }
  });

  it('reports connections, replies and DNS look-ups to the observer', async () => {
    const seen = { connections: 0, replies: 0, dns: 0, timeouts: 0 };
    const v = verifier(
      {},
      {
        smtpConnection: () => seen.connections++,
        smtpReply: () => seen.replies++,
        smtpTimeout: () => seen.timeouts++,
        dnsLookup: () => seen.dns++,
      },
    );
    try {
      await v.checkStep2(['u1@fine.test', 'u2@fine.test']);
      expect(seen.connections).toBe(1);
      expect(seen.replies).toBeGreaterThanOrEqual(5); // banner, EHLO, MAIL, RCPT×3 (with the probe)
      expect(seen.dns).toBeGreaterThanOrEqual(2); // MX, then A of the MX host
    } finally {
      await v.close();
    }
  });
});

describe('never a non-public address', () => {
  it('an MX resolving to loopback with SMTP_ALLOW_PRIVATE off: risky/unreachable, no connection attempted', async () => {
    let connections = 0;
    const v = verifier(
      { allowPrivate: false },
      { smtpConnection: () => connections++, smtpReply() {}, smtpTimeout() {}, dnsLookup() {} },
    );
    try {
      const [r] = await v.checkStep2(['someone@inside.test']);
      expect(r).toMatchObject({ status: 'risky', reason: 'unreachable', smtpCode: null });
      expect(r.smtpMessage).toBe(NO_PUBLIC_MX); // as for no address at all: never what it resolved to
      expect(connections).toBe(0);
      // The fakes' own loopback addresses are refused the same way.
      const before = w.hosts['fine.test'].stats.connections;
      const [f] = await v.checkStep2(['u1@fine.test']);
      expect(f.reason).toBe('unreachable');
      expect(connections).toBe(0);
      expect(w.hosts['fine.test'].stats.connections).toBe(before);
    } finally {
      await v.close();
    }
  });
});

describe('our network down is not a verdict', () => {
  it('all mail hosts refusing: the run waits with a message, then completes once they are back', async () => {
    const domains = ['down1.test', 'down2.test', 'down3.test', 'down4.test'];
    const world = await startWorld(Object.fromEntries(domains.map((d) => [d, { mailboxes: [`ann@${d}`] }])));
    const v = createVerifier({
      dnsServers: [world.dns.server],
      logger: { info() {}, warn() {}, error() {} },
      smtp: {
        allowPrivate: true,
        port: world.port,
        timeoutMs: 400,
        retryBaseMs: 20,
        backoffMs: 300,
        networkRetryMs: 200,
      },
    });
    // The servers go away (connections refused) before the run starts.
    await Promise.all(Object.values(world.hosts).map((h) => h.close()));
    const got: Step2Result[] = [];
    const run = v.checkStep2(
      domains.flatMap((d) => [`ann@${d}`, `bob@${d}`]),
      { onResult: (r) => got.push(r) },
    );
    try {
      for (let i = 0; i < 100 && v.health().ok; i++) await new Promise((r) => setTimeout(r, 20));
      expect(v.health()).toMatchObject({ ok: false, kind: 'smtp' });
      expect(v.health().message).toBe(
        `Our server cannot reach mail servers on port ${world.port} (set SMTP_PROXY or VERIFIER_API_URL); verification will resume by itself`,
      );
      await new Promise((r) => setTimeout(r, 500)); // a few retry rounds while still down
      expect(got).toEqual([]); // nothing judged: the rows stay pending
      // The servers come back on the same addresses.
      for (const d of domains) {
        world.hosts[d] = await startFakeSmtp({
          host: world.ipOf[d],
          port: world.port,
          mailboxes: [`ann@${d}`],
        });
      }
      const results = await run;
      expect(results.map((r) => r.reason)).toEqual(domains.flatMap(() => ['accepted', 'rejected']));
      expect(v.health().ok).toBe(true);
    } finally {
      await v.close();
      await world.close();
    }
  });
});

describe('boot-time self-check', () => {
  const options = (port: number) => ({
    dnsServers: [w.dns.server],
    smtp: { allowPrivate: true, port, timeoutMs: 400 },
  });

  it('one mail server answering is enough', async () => {
    const r = await checkReachability(options(w.port), ['fine.test', 'silent.test']);
    expect(r).toMatchObject({ ok: true, message: null });
    expect(r.tried.find((x) => x.domain === 'fine.test')?.result).toMatch(/^220 /);
  });

  it('none answering: the port-25 message', async () => {
    const r = await checkReachability(options(1), ['fine.test', 'flaky.test']); // nothing listens on port 1
    expect(r.ok).toBe(false);
    expect(r.message).toBe(
      'Our server cannot reach mail servers on port 1 (set SMTP_PROXY or VERIFIER_API_URL); verification will resume by itself',
    );
  });
});
