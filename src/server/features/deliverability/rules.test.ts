import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { SENDING_ZONE } from '../../../../tests/fakes/sending-domains';
import type { AuthInput } from './auth-checks';
import { checkDkim } from './dkim';
import { selectorsToTry } from './dkim-selectors';
import { checkDmarc } from './dmarc';
import { deliverabilityEnv } from './env';
import { checkBimi, checkMtaSts, checkTlsRpt } from './protocols';
import { configuredResolver } from './resolver';
import { checkSpf } from './spf/check';
import { delistUrl, isRefusal } from './zones';

// Deliverability v2 (decision 0910): one test per rule on the fake zone.

let dns: FakeDns;
let resolver: ReturnType<typeof configuredResolver>;
beforeAll(async () => {
  dns = await startFakeDns({ zone: SENDING_ZONE });
  resolver = configuredResolver({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: 2000, DNS_TRIES: 1 });
});
afterAll(async () => {
  resolver.close();
  await dns.close();
});
const input = (domain: string, more: Partial<AuthInput> = {}): AuthInput => ({
  resolver,
  domain,
  provider: 'google',
  ...more,
});

describe('SPF as receivers evaluate it', () => {
  it('shows the tree with each branch and its look-ups', async () => {
    const r = await checkSpf(input('good.test'));
    expect(r.status).toBe('pass');
    expect(r.tree?.map((n) => [n.depth, n.term, n.lookups])).toEqual([
      [0, 'v=spf1 include:_spf.google.com ~all', 0],
      [1, 'include:_spf.google.com', 1],
      [2, 'ip4:192.0.2.0/24', 0],
      [2, '~all', 0],
      [1, '~all', 0],
    ]);
    expect(r.summary).toContain('1 of 10 look-ups');
  });

  it('more than 10 look-ups is a permanent error, marked where the limit is passed', async () => {
    const r = await checkSpf(input('toomany.test'));
    expect(r.status).toBe('fail');
    expect(r.summary).toContain('permanent error');
    expect(r.tree?.filter((n) => n.result === 'error')).toHaveLength(1);
  });

  it('more than 2 void look-ups is a permanent error', async () => {
    const r = await checkSpf(input('voids.test'));
    expect(r.status).toBe('fail');
    expect(r.summary).toContain('void');
    expect(r.tree?.filter((n) => n.result === 'void')).toHaveLength(2);
  });

  it('an include of a name without SPF, and a loop, are permanent errors', async () => {
    const dead = await checkSpf(input('deadinclude.test'));
    expect(dead).toMatchObject({ status: 'fail' });
    expect(dead.summary).toContain('nospf.vendor.test has no SPF record');
    const loop = await checkSpf(input('loop.test'));
    expect(loop.status).toBe('fail');
    expect(loop.summary).toContain('loop');
  });

  it('ptr warns as deprecated; a macro is counted, not resolved', async () => {
    const ptr = await checkSpf(input('ptr.test'));
    expect(ptr.status).toBe('warn');
    expect(ptr.summary).toContain('"ptr" is deprecated');
    const macro = await checkSpf(input('macro.test'));
    expect(macro.status).toBe('pass');
    expect(macro.summary).toContain('2 of 10 look-ups');
    expect(macro.tree?.find((n) => n.term.startsWith('exists:'))).toMatchObject({
      lookups: 1,
      result: 'warn',
    });
    expect(dns.count('A', '%{i}._spf.macro.test')).toBe(0);
  });
});

describe('DKIM keys', () => {
  it('judges the key length: under 1024 fails, 1024 warns, 2048 passes', async () => {
    expect((await checkDkim(input('dkim512.test'))).status).toBe('fail');
    const weak = await checkDkim(input('dkim1024.test'));
    expect(weak.status).toBe('warn');
    expect(weak.summary).toContain('1024 bits');
    const good = await checkDkim(input('good.test'));
    expect(good).toMatchObject({ status: 'pass' });
    expect(good.summary).toContain('rsa 2048 bits');
  });

  it('a key that does not parse fails; t=y warns; ed25519 alone warns', async () => {
    expect((await checkDkim(input('badkey.test'))).summary).toContain('not a valid rsa key');
    expect((await checkDkim(input('dkimtest.test'))).summary).toContain('t=y');
    const ed = await checkDkim(input('ed.test'));
    expect(ed.status).toBe('warn');
    expect(ed.summary).toContain('ed25519');
  });

  it("follows Microsoft 365's selector CNAME and says so", async () => {
    const r = await checkDkim(input('ms.test', { provider: 'microsoft' }));
    expect(r.status).toBe('pass');
    expect(r.summary).toContain('by CNAME to selector1-ms-test._domainkey.tenant.onmicrosoft.com');
  });

  it("tries at least 30 common selectors, the user's own first, and finds a key under another sender's", async () => {
    const list = selectorsToTry('google', 'mine');
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(list.slice(0, 2)).toEqual(['mine', 'google']);
    const r = await checkDkim(input('k1.test'));
    expect(r.status).toBe('pass');
    expect(r.summary).toContain('k1._domainkey');
  });
});

describe('DMARC', () => {
  it('pct under 100 warns with the record at 100', async () => {
    const r = await checkDmarc(input('pct.test'));
    expect(r).toMatchObject({
      status: 'warn',
      fix: { value: 'v=DMARC1; p=quarantine; pct=100; rua=mailto:d@pct.test' },
    });
  });

  it('reports to another domain need its authorisation record', async () => {
    const missing = await checkDmarc(input('extrua.test'));
    expect(missing.status).toBe('warn');
    expect(missing.summary).toContain('extrua.test._report._dmarc.reports.dmarcvendor.test');
    expect((await checkDmarc(input('extok.test'))).status).toBe('pass');
  });

  it('an invalid sp fails; two records fail', async () => {
    expect((await checkDmarc(input('badsp.test'))).status).toBe('fail');
    const two = await checkDmarc(input('twodmarc.test'));
    expect(two.status).toBe('fail');
    expect(two.summary).toContain('2 DMARC records');
  });
});

describe('optional protocols', () => {
  it('not published is info (never counted); published right passes; published wrong fails or warns', async () => {
    for (const check of [checkMtaSts, checkTlsRpt, checkBimi]) {
      expect((await check(input('good.test'))).status).toBe('info');
      expect((await check(input('proto.test'))).status).toBe('pass');
    }
    expect((await checkMtaSts(input('badproto.test'))).summary).toContain('no valid id');
    expect((await checkTlsRpt(input('badproto.test'))).status).toBe('fail');
    const bimi = await checkBimi(input('badproto.test'));
    expect(bimi.status).toBe('warn');
    expect(bimi.summary).toContain('no certificate');
  });
});

describe('blocklists', () => {
  it('at least 10 public zones preset, each with its refusal answers and its removal page', () => {
    const ip = deliverabilityEnv.DELIVERABILITY_IP_LISTS.parse(undefined).split(',');
    const domain = deliverabilityEnv.DELIVERABILITY_DOMAIN_LISTS.parse(undefined).split(',');
    expect(ip.length + domain.length).toBeGreaterThanOrEqual(10);
    for (const zone of [...ip, ...domain]) expect(delistUrl(zone), zone).toMatch(/^https:\/\//);
    expect(isRefusal('zen.spamhaus.org', '127.255.255.254')).toBe(true);
    expect(isRefusal('zen.spamhaus.org', '127.0.0.2')).toBe(false);
    expect(isRefusal('multi.uribl.com', '127.0.0.1')).toBe(true);
    expect(isRefusal('bl.mailspike.net', '127.0.0.1')).toBe(true);
    expect(isRefusal('bl.mailspike.net', '127.0.0.2')).toBe(false);
    expect(isRefusal('dnsbl.sorbs.net', '127.255.255.254')).toBe(true);
  });
});
