import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { waitFor } from '../../../../tests/helpers/lists';
import { DnsClient } from './dns';
import { RESOLVER_LYING, RESOLVER_SILENT } from './resolver-health';
import { createVerifier } from './verifier';

// Our resolver failing is never a verdict: a resolver that says "no such domain" to everything, or
// does not answer, holds the rows (no result) and says why; once it tells the truth again the same
// rows get their true verdicts, and nothing it said while broken is remembered.
let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns({
    zone: {
      'good.test': { MX: [{ preference: 10, exchange: 'mx.good.test' }] },
      'other.test': { MX: [{ preference: 10, exchange: 'mx.other.test' }] },
      'nomail.test': {},
      soa30: { SOA: { minimum: 30 } },
      soaday: { SOA: { minimum: 86_400 } },
    },
  });
});
afterEach(() => dns.setMode('normal'));
afterAll(() => dns.close());

/** The engine's waits before asking the canaries again: each one ends when the test says so. */
function gatedSleep() {
  const asked: number[] = [];
  let open: Array<() => void> = [];
  return {
    asked,
    sleep: (ms: number) => {
      asked.push(ms);
      return new Promise<void>((resolve) => open.push(resolve));
    },
    release() {
      const o = open;
      open = [];
      for (const r of o) r();
    },
  };
}

const quiet = { info() {}, warn() {}, error() {} };

const LIST = ['ann@good.test', 'bob@gone.test', 'cat@nomail.test', 'dan@other.test'];
const TRUTH = [
  ['valid', null],
  ['invalid', 'no_domain'],
  ['invalid', 'no_mail_host'],
  ['valid', null],
];

describe('a broken resolver holds rows instead of judging them', () => {
  it.each([
    ['answers NXDOMAIN to every name', 'nxdomain', RESOLVER_LYING],
    ['does not answer', 'timeout', RESOLVER_SILENT],
  ] as const)(
    'a resolver that %s: no verdict until it recovers, then the true ones',
    async (_, mode, message) => {
      dns.setMode(mode);
      const gate = gatedSleep();
      const v = createVerifier({
        dnsServers: [dns.server],
        dnsTimeoutMs: 100,
        dnsTries: 1,
        dnsRetryMs: 30_000,
        sleep: gate.sleep,
      });
      let settled = false;
      const results = v.checkStep1(LIST).finally(() => {
        settled = true;
      });
      const paused = await waitFor(
        async () => v.health(),
        (h) => !h.ok,
        10_000,
      );
      expect(paused).toMatchObject({ ok: false, kind: 'dns', message });
      expect(paused.nextTryAt).toBeGreaterThan(Date.now() + 20_000);
      await waitFor(
        async () => gate.asked.length,
        (n) => n > 0,
      );
      expect(gate.asked[0]).toBeGreaterThan(20_000);
      // Another try while it is still broken: still no verdict.
      gate.release();
      await waitFor(
        async () => gate.asked.length,
        (n) => n > 1,
      );
      expect(settled).toBe(false);
      expect(v.health().ok).toBe(false);

      dns.setMode('normal');
      gate.release();
      const r = await results;
      expect(r.map((x) => [x.status, x.reason])).toEqual(TRUTH);
      expect(v.health()).toMatchObject({ ok: true });
      await v.close();
    },
  );

  it('recovers mid-run: what it said while lying is looked up again, never reused', async () => {
    const gate = gatedSleep();
    const v = createVerifier({
      dnsServers: [dns.server],
      dnsTimeoutMs: 1000,
      dnsTries: 1,
      sleep: gate.sleep,
      logger: quiet,
    });
    const first = await v.checkStep1(['ann@good.test', 'bob@gone.test']);
    expect(first.map((x) => x.status)).toEqual(['valid', 'invalid']);

    dns.setMode('nxdomain');
    const before = dns.count('MX', 'other.test');
    const second = v.checkStep1(['dan@other.test', 'cat@nomail.test']);
    await waitFor(
      async () => v.health(),
      (h) => !h.ok,
      10_000,
    );
    expect(dns.count('MX', 'other.test')).toBe(before + 1);
    dns.setMode('normal');
    gate.release();
    expect((await second).map((x) => [x.status, x.reason])).toEqual([
      ['valid', null],
      ['invalid', 'no_mail_host'],
    ]);
    // The lie was not kept: other.test was asked again once the resolver told the truth.
    expect(dns.count('MX', 'other.test')).toBe(before + 2);
    await v.close();
  });

  it('forgets what it said while known to be broken: those names are asked again once it recovers', async () => {
    const gate = gatedSleep();
    const v = createVerifier({
      dnsServers: [dns.server],
      dnsTimeoutMs: 1000,
      dnsTries: 1,
      sleep: gate.sleep,
      logger: quiet,
    });
    dns.setMode('nxdomain');
    const first = v.checkStep1(['ann@good.test']);
    await waitFor(
      async () => v.health(),
      (h) => !h.ok,
      10_000,
    );
    // Asked while the resolver is already known to lie: its NXDOMAIN lands in the cache after the
    // failed check, and must not be served once the canaries pass again.
    const before = dns.count('MX', 'other.test');
    const second = v.checkStep1(['dan@other.test']);
    await waitFor(
      async () => dns.count('MX', 'other.test'),
      (n) => n > before,
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    dns.setMode('normal');
    gate.release();
    expect((await first).map((x) => x.status)).toEqual(['valid']);
    expect((await second).map((x) => [x.status, x.reason])).toEqual([['valid', null]]);
    expect(dns.count('MX', 'other.test')).toBe(before + 2);
    await v.close();
  });

  it('answers with no canaries configured exactly as before (the check is off)', async () => {
    const v = createVerifier({ dnsServers: [dns.server], dnsCanaries: [] });
    const r = await v.checkStep1(LIST);
    expect(r.map((x) => [x.status, x.reason])).toEqual(TRUTH);
    await v.close();
  });
});

describe('negative answers are kept for the zone negative TTL, capped', () => {
  it('uses the SOA minimum of the nearest zone, capped; a default without one', async () => {
    const c = new DnsClient({
      servers: [dns.server],
      negativeTtlMaxMs: 300_000,
      negativeTtlDefaultMs: 60_000,
    });
    expect(await c.negativeTtlMs('missing.soa30')).toBe(30_000);
    expect(await c.negativeTtlMs('missing.soaday')).toBe(300_000);
    expect(await c.negativeTtlMs('missing.nozone')).toBe(60_000);
    c.close();
  });

  it('forgets negative answers given after the last check that passed', async () => {
    const c = new DnsClient({ servers: [dns.server] });
    const t0 = Date.now();
    await c.mx('forgotten.test');
    await c.mx('forgotten.test');
    expect(dns.count('MX', 'forgotten.test')).toBe(1);
    c.forgetNegativesSince(t0 - 1);
    await c.mx('forgotten.test');
    expect(dns.count('MX', 'forgotten.test')).toBe(2);
    c.close();
  });
});
