import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocks, startFakeSocks } from '../../../../../tests/fakes/smtp-socks';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import type { HostCoordinator, Step2Result } from '../types';
import { createVerifier } from '../verifier';

// SMTP_PROXY as a list: mail to a provider through its own proxy, fail-over when a proxy stops
// answering (never a verdict from it), runs paused while none answers, the cap per server per exit.

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const DOMAINS = ['one.test', 'two.test', 'three.test', 'four.test'];
const MS_MX = 'contoso-test.mail.protection.outlook.com';

let w: World;
beforeAll(async () => {
  w = await startWorld(
    {
      ...Object.fromEntries(
        DOMAINS.map((d) => [d, { mailboxes: range(20, (i) => `u${i * 2}@${d}`), latencyMs: 3 }]),
      ),
      'contoso.test': { mailboxes: ['ann@contoso.test'] },
      'slow.test': { mailboxes: ['ann@slow.test'], bannerDelayMs: 3000, slowConnections: 2 },
      'capped.test': { mailboxes: range(20, (i) => `u${i * 2}@capped.test`), latencyMs: 3 },
    },
    (_unused, ipOf) => ({
      // A Microsoft 365 tenant: its MX is named as Microsoft names them.
      'contoso.test': { MX: [{ preference: 10, exchange: MS_MX }] },
      [MS_MX]: { A: [ipOf['contoso.test']] },
    }),
  );
});
afterAll(() => w.close());

const verifier = (proxy: string, smtp: Record<string, unknown> = {}) =>
  createVerifier({
    dnsServers: [w.dns.server],
    logger: { info() {}, warn() {}, error() {} },
    smtp: {
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'bounce@probe.test',
      timeoutMs: 2000,
      backoffMs: 300,
      retryBaseMs: 20,
      networkRetryMs: 200,
      maxRcptPerSession: 5,
      proxy,
      ...smtp,
    },
  });

/** Every address of the four plain domains: even numbers exist, odd ones do not. */
const LIST = DOMAINS.flatMap((d) => range(40, (i) => `u${i}@${d}`));
const expected = (addr: string) =>
  Number(addr.slice(1, addr.indexOf('@'))) % 2 === 0 ? 'accepted' : 'rejected';
const wrong = (got: Step2Result[]) => got.filter((r) => r.reason !== expected(r.key));
const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 800 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`never: ${what}`);
};

describe('routing by mail provider', () => {
  it('mail to Microsoft 365 goes through its proxy, the rest through the default one', async () => {
    const [ms, rest] = await Promise.all([startFakeSocks(), startFakeSocks({ user: 'u', pass: 'p' })]);
    const v = verifier(`microsoft=${ms.url},${rest.url}`);
    try {
      const results = await v.checkStep2([
        'ann@contoso.test',
        'bob@contoso.test',
        'u0@one.test',
        'u1@one.test',
      ]);
      expect(results.map((r) => r.reason)).toEqual(['accepted', 'rejected', 'accepted', 'rejected']);
      expect(new Set(ms.connects)).toEqual(new Set([`${w.ipOf['contoso.test']}:${w.port}`]));
      expect(new Set(rest.connects)).toEqual(new Set([`${w.ipOf['one.test']}:${w.port}`]));
    } finally {
      await v.close();
      await Promise.all([ms.close(), rest.close()]);
    }
  });

  it("Microsoft's proxy down: its mail falls back to the default proxy, judged as usual", async () => {
    const [ms, rest] = await Promise.all([startFakeSocks(), startFakeSocks()]);
    await ms.close();
    const v = verifier(`microsoft=${ms.url},${rest.url}`);
    try {
      const results = await v.checkStep2(['ann@contoso.test', 'bob@contoso.test']);
      expect(results.map((r) => r.reason)).toEqual(['accepted', 'rejected']);
      expect(rest.connects).toContain(`${w.ipOf['contoso.test']}:${w.port}`);
      expect(v.health().ok).toBe(true);
    } finally {
      await v.close();
      await rest.close();
    }
  });
});

describe('a proxy that dies mid-run', () => {
  it('the run goes on through the other proxy and every verdict is still right', async () => {
    let [a, b]: FakeSocks[] = await Promise.all([startFakeSocks(), startFakeSocks()]);
    const v = verifier(`${a.url},${b.url}`);
    const got: Step2Result[] = [];
    const run = v.checkStep2(LIST, { onResult: (r) => got.push(r) });
    try {
      // Killed while sessions run through it and most of the list is still to do.
      await until(() => a.open > 0 && got.length > 0, 'sessions through the first proxy');
      const doneBefore = got.length;
      await a.close();
      expect(doneBefore).toBeLessThan(LIST.length / 2);
      const results = await run;
      expect(results).toHaveLength(LIST.length);
      expect(wrong(results)).toEqual([]); // no row judged from the proxy's failure
      expect(b.connects.length).toBeGreaterThan(0);
      expect(v.health().ok).toBe(true);
      // It is tried again after its back-off: once it is back, new sessions go through it again.
      a = await startFakeSocks({ port: a.port });
      for (let i = 0; i < 50 && a.connects.length === 0; i++) {
        expect(await v.checkStep2([`u${2 * i}@three.test`])).toMatchObject([{ reason: 'accepted' }]);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(a.connects.length).toBeGreaterThan(0);
    } finally {
      await v.close();
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('a proxy dying during the greeting', () => {
  it('is not the mail server failing twice: the server is not judged unreachable', async () => {
    const [a, b] = await Promise.all([startFakeSocks(), startFakeSocks()]);
    // A server that has never answered us, slow to greet: two connections wait on its banner.
    const v = verifier(`${a.url},${b.url}`, { timeoutMs: 4000 });
    try {
      const run = v.checkStep2(['ann@slow.test', 'bob@slow.test']);
      await until(() => a.open >= 2, 'two connections waiting for the banner');
      await a.close();
      expect((await run).map((r) => r.reason)).toEqual(['accepted', 'rejected']);
      expect(b.connects).toContain(`${w.ipOf['slow.test']}:${w.port}`);
    } finally {
      await v.close();
      await b.close();
    }
  });
});

describe('every proxy down', () => {
  it('health is not ok naming SMTP_PROXY, rows stay unjudged, and the run resumes when one answers', async () => {
    const [a, b] = await Promise.all([startFakeSocks(), startFakeSocks()]);
    await Promise.all([a.close(), b.close()]);
    const v = verifier(`${a.url},${b.url}`);
    const got: Step2Result[] = [];
    const run = v.checkStep2(LIST.slice(0, 60), { onResult: (r) => got.push(r) });
    try {
      await until(() => !v.health().ok, 'health not ok');
      expect(v.health()).toMatchObject({ ok: false, kind: 'smtp' });
      expect(v.health().message).toBe(
        `Our SMTP proxies do not answer (SMTP_PROXY: 127.0.0.1:${a.port}, 127.0.0.1:${b.port}); verification will resume by itself when one does`,
      );
      await new Promise((r) => setTimeout(r, 600)); // several retry rounds while still down
      expect(got).toEqual([]);
      const back = await startFakeSocks({ port: b.port });
      try {
        const results = await run;
        expect(wrong(results)).toEqual([]);
        expect(back.connects.length).toBeGreaterThan(0);
        expect(v.health().ok).toBe(true);
      } finally {
        await back.close();
      }
    } finally {
      await v.close();
    }
  });
});

describe('the politeness cap per outgoing proxy', () => {
  it('two processes leaving by two proxies each hold the cap at one server, never more per proxy', async () => {
    const held = new Map<string, number>();
    let maxPerKey = 0;
    // The fleet's slots (PostgreSQL in production), shared by both verifiers here.
    const coordinator: HostCoordinator = {
      async tryAcquire(key, limit) {
        const n = held.get(key) ?? 0;
        if (n >= limit) return { retryAt: Date.now() + 5 };
        held.set(key, n + 1);
        maxPerKey = Math.max(maxPerKey, n + 1);
        return { release: () => held.set(key, (held.get(key) ?? 1) - 1) };
      },
      backOff() {},
    };
    const [a, b] = await Promise.all([startFakeSocks(), startFakeSocks()]);
    const host = w.hosts['capped.test'];
    const one = createVerifierPair(`${a.url},${b.url}`, coordinator);
    const two = createVerifierPair(`${b.url},${a.url}`, coordinator);
    try {
      const list = range(40, (i) => `u${i}@capped.test`);
      const [r1, r2] = await Promise.all([one.checkStep2(list), two.checkStep2(list)]);
      expect(wrong([...r1, ...r2])).toEqual([]);
      expect(maxPerKey).toBe(1);
      expect(host.stats.maxConcurrent).toBe(2);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await Promise.all([a.close(), b.close()]);
    }
  });
});

const createVerifierPair = (proxy: string, coordinator: HostCoordinator) =>
  createVerifier({
    dnsServers: [w.dns.server],
    logger: { info() {}, warn() {}, error() {} },
    coordinator,
    smtp: {
      allowPrivate: true,
      port: w.port,
      timeoutMs: 2000,
      retryBaseMs: 20,
      maxConnectionsPerHost: 1,
      maxRcptPerSession: 2,
      proxy,
    },
  });
