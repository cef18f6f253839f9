import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { checkDnssec } from './dnssec';

// DNSSEC read from the configured resolver's AD bit (decision 0910): the fake validates signed.test only.

let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns({
    zone: { 'signed.test': { A: ['192.0.2.1'] }, 'plain.test': { A: ['192.0.2.2'] } },
    signed: ['signed.test'],
  });
});
afterAll(() => dns.close());

const check = (domain: string, servers = [dns.server]) => checkDnssec({ domain, servers, timeoutMs: 1000 });

describe('DNSSEC', () => {
  it('passes when the resolver says it validated the zone (AD)', async () => {
    const c = await check('signed.test');
    expect(c.status).toBe('pass');
    expect(dns.count('SOA', 'signed.test')).toBe(1);
  });

  it('an answer without AD is "not confirmed" (info), never a failure', async () => {
    const c = await check('plain.test');
    expect(c.status).toBe('info');
    expect(c.summary).toMatch(/unsigned, or the resolver/);
  });

  it('the system resolver cannot say: could not be checked (info)', async () => {
    const c = await check('signed.test', []);
    expect(c.status).toBe('info');
    expect(c.summary).toContain('could not be checked');
  });

  it('a resolver that does not answer: unknown', async () => {
    dns.setMode('timeout');
    try {
      const c = await check('signed.test');
      expect(c.status).toBe('unknown');
    } finally {
      dns.setMode('normal');
    }
  });
});
