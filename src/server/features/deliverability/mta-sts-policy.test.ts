import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpsHost, startFakeHttpsHost, TEST_HTTPS_CERT } from '../../../../tests/fakes/https-host';
import { httpsFetcher } from './https-fetch';
import { mxMatches } from './mta-sts-policy';
import { checkMtaSts } from './protocols';
import type { DomainResolver, Lookup } from './resolver';

// MTA-STS's policy file over HTTPS (decision 0910), from a fake host on loopback with a self-signed
// certificate the test trusts; the names resolve through the checks' own resolver.

const policy = (mode: string, maxAge: number, mx: string[]) =>
  ['version: STSv1', `mode: ${mode}`, ...mx.map((m) => `mx: ${m}`), `max_age: ${maxAge}`, ''].join('\r\n');
const path = (d: string) => `mta-sts.${d}/.well-known/mta-sts.txt`;

const none = { ok: false, none: true, code: 'ENOTFOUND' } as const;
const resolver: DomainResolver = {
  txt: async (name): Promise<Lookup<string[]>> =>
    name.startsWith('_mta-sts.') ? { ok: true, records: ['v=STSv1; id=20261129'] } : none,
  mx: async () => ({
    ok: true,
    records: [
      { exchange: 'mx1.mail.test', priority: 10 },
      { exchange: 'mx2.mail.test', priority: 20 },
    ],
  }),
  // Every mta-sts host is the fake on loopback, except sts-nohost.test's.
  a: async (name) => (name === 'mta-sts.sts-nohost.test' ? none : { ok: true, records: ['127.0.0.1'] }),
  cname: async () => none,
  ptr: async () => none,
};

let host: FakeHttpsHost;
beforeAll(async () => {
  host = await startFakeHttpsHost({
    [path('sts-good.test')]: { body: policy('enforce', 604800, ['*.mail.test']) },
    [path('sts-testing.test')]: { body: policy('testing', 604800, ['mx1.mail.test', 'mx2.mail.test']) },
    [path('sts-mx.test')]: { body: policy('enforce', 604800, ['mx1.mail.test']) },
    [path('sts-short.test')]: { body: policy('enforce', 3600, ['*.mail.test']) },
    [path('sts-bad.test')]: { body: 'version: STSv2\nmode: sometimes\nmx: *.mail.test\n' },
  });
});
afterAll(() => host.close());

const check = (domain: string, trust = true) =>
  checkMtaSts({
    resolver,
    domain,
    fetch: httpsFetcher({
      resolver,
      allowLoopback: true,
      port: host.port,
      extraCa: trust ? TEST_HTTPS_CERT : undefined,
    }),
  });

describe('MTA-STS policy over HTTPS', () => {
  it('passes an enforced policy whose mx patterns match every MX, and says the id', async () => {
    const c = await check('sts-good.test');
    expect(c.status).toBe('pass');
    expect(c.summary).toContain('id 20261129');
  });

  it('warns in testing mode', async () => {
    const c = await check('sts-testing.test');
    expect(c.status).toBe('warn');
    expect(c.summary).toMatch(/testing/i);
  });

  it('fails an enforced policy that leaves an MX host out', async () => {
    const c = await check('sts-mx.test');
    expect(c.status).toBe('fail');
    expect(c.summary).toContain('mx2.mail.test');
  });

  it('warns when max_age is under a day', async () => {
    const c = await check('sts-short.test');
    expect(c.status).toBe('warn');
    expect(c.summary).toContain('3600');
  });

  it('fails a policy with a wrong version and mode, the rest as notes', async () => {
    const c = await check('sts-bad.test');
    expect(c.status).toBe('fail');
    expect([c.summary, ...(c.notes ?? [])].join(' ')).toMatch(/STSv1[\s\S]*mode[\s\S]*max_age/);
  });

  it('fails when the policy host has no address, or no policy file (404)', async () => {
    expect((await check('sts-nohost.test')).summary).toContain('no address');
    const c = await check('sts-missing.test');
    expect(c.status).toBe('fail');
    expect(c.summary).toContain('404');
  });

  it('verifies the certificate: without the test trust the self-signed host fails', async () => {
    const c = await check('sts-good.test', false);
    expect(c.status).toBe('fail');
    expect(c.summary).toMatch(/certificate/);
  });

  it('a policy fetch without loopback allowed is refused by the SSRF guard', async () => {
    const c = await checkMtaSts({
      resolver,
      domain: 'sts-good.test',
      fetch: httpsFetcher({ resolver, port: host.port, extraCa: TEST_HTTPS_CERT }),
    });
    expect(c.status).toBe('unknown');
    expect(c.summary).toContain('not a public address');
  });

  it('matches mx wildcards by one label only', () => {
    expect(mxMatches('mx1.mail.test', '*.mail.test')).toBe(true);
    expect(mxMatches('a.mx1.mail.test', '*.mail.test')).toBe(false);
    expect(mxMatches('mail.test', '*.mail.test')).toBe(false);
    expect(mxMatches('MX1.mail.test.', 'mx1.mail.test')).toBe(true);
  });
});
