import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { SENDING_ZONE } from '../../../../tests/fakes/sending-domains';
import type { DomainCheck } from '../../../shared/deliverability';
import { checkSendingDomain, type DomainCheckInput } from './check-domain';
import { listZones } from './lists';
import { configuredResolver } from './resolver';

let dns: FakeDns;
let resolver: ReturnType<typeof configuredResolver>;
const zones = listZones({
  DELIVERABILITY_DOMAIN_LISTS: 'dbl.spamhaus.org,multi.surbl.org,multi.uribl.com',
  DELIVERABILITY_IP_LISTS: 'zen.spamhaus.org,b.barracudacentral.org,bl.spamcop.net',
  SPAMHAUS_DQS_KEY: undefined,
});

beforeAll(async () => {
  dns = await startFakeDns({ zone: SENDING_ZONE });
  resolver = configuredResolver({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: 2000, DNS_TRIES: 1 });
});
afterAll(async () => {
  resolver.close();
  await dns.close();
});

async function run(domain: string, more: Partial<DomainCheckInput> = {}) {
  const out = await checkSendingDomain({
    resolver,
    domain,
    trackingDomain: `track.${domain}`,
    zones,
    trackingTarget: 'open.sleadtrack.com',
    ...more,
  });
  const by = Object.fromEntries(out.checks.map((c) => [c.key, c])) as Record<DomainCheck['key'], DomainCheck>;
  return { ...out, by };
}

describe('sending domain checks', () => {
  it('passes every check for a domain set up right', async () => {
    const r = await run('good.test');
    expect(r.provider).toBe('google');
    expect(r.checks.map((c) => [c.key, c.status])).toEqual([
      ['mx', 'pass'],
      ['spf', 'pass'],
      ['dkim', 'pass'],
      ['dmarc', 'pass'],
      ['tracking', 'pass'],
      ['domain_lists', 'pass'],
      ['ip_lists', 'pass'],
      ['ptr', 'pass'],
      ['mta_sts', 'info'],
      ['tls_rpt', 'info'],
      ['bimi', 'info'],
      ['dnssec', 'info'],
    ]);
    expect(r.state).toBe('pass');
  });

  it('MX: fails without a mail server and gives the provider MX record', async () => {
    const r = await run('nomx.test', { provider: 'google' });
    expect(r.by.mx).toMatchObject({
      status: 'fail',
      fix: { action: 'add', type: 'MX', value: '1 smtp.google.com' },
    });
  });

  it('SPF: missing fails with the record to add', async () => {
    const r = await run('nospf.test');
    expect(r.by.spf).toMatchObject({
      status: 'fail',
      fix: { action: 'add', type: 'TXT', name: 'nospf.test', value: 'v=spf1 include:_spf.google.com ~all' },
    });
    expect(r.state).toBe('fail');
  });

  it('SPF: two records fail, fixed by one merged record keeping every mechanism and the include', async () => {
    const r = await run('twospf.test');
    expect(r.by.spf.status).toBe('fail');
    expect(r.by.spf.summary).toContain('2 SPF records');
    expect(r.by.spf.fix).toMatchObject({ action: 'change', value: 'v=spf1 include:_spf.google.com mx ~all' });
    // With the other record first, a fix that kept one record dropped Google's include.
    const other = await run('twospf2.test');
    expect(other.by.spf.fix?.value).toBe(
      'v=spf1 ip4:203.0.113.5 include:mailgun.org include:_spf.google.com ~all',
    );
  });

  it("SPF: a record without the provider's include fails with the record changed", async () => {
    const r = await run('noinclude.test');
    expect(r.by.spf).toMatchObject({
      status: 'fail',
      fix: { action: 'change', value: 'v=spf1 include:mailgun.org include:_spf.google.com ~all' },
    });
  });

  it('SPF: more than 10 look-ups fails', async () => {
    const r = await run('toomany.test');
    expect(r.by.spf.status).toBe('fail');
    expect(r.by.spf.summary).toContain('more than 10 DNS look-ups');
  });

  it('SPF: +all fails (anyone may send as the domain); ?all warns', async () => {
    const r = await run('plusall.test');
    expect(r.by.spf).toMatchObject({ status: 'fail', fix: { value: 'v=spf1 include:_spf.google.com ~all' } });
    expect(r.by.spf.summary).toContain('+all');
    const neutral = await run('qall.test');
    expect(neutral.by.spf).toMatchObject({
      status: 'warn',
      fix: { value: 'v=spf1 include:_spf.google.com ~all' },
    });
  });

  it('DKIM: no key at the usual selector fails; an empty key fails as revoked', async () => {
    const none = await run('nodkim.test');
    expect(none.by.dkim).toMatchObject({
      status: 'fail',
      fix: { action: 'add', type: 'TXT', name: 'google._domainkey.nodkim.test' },
    });
    const revoked = await run('revoked.test');
    expect(revoked.by.dkim.status).toBe('fail');
    expect(revoked.by.dkim.summary).toContain('revoked');
  });

  it("DKIM: the user's own selector is looked at", async () => {
    expect((await run('ownsel.test')).by.dkim.status).toBe('fail');
    expect((await run('ownsel.test', { dkimSelector: 'mk1' })).by.dkim.status).toBe('pass');
  });

  it("DKIM: Microsoft 365's selector1 CNAME is followed to the key", async () => {
    const r = await run('ms.test');
    expect(r.provider).toBe('microsoft');
    expect(r.by.spf.status).toBe('pass');
    expect(r.by.dkim.status).toBe('pass');
  });

  it('DMARC: missing fails; p=none and no rua warn', async () => {
    expect((await run('nodmarc.test')).by.dmarc).toMatchObject({
      status: 'fail',
      fix: {
        action: 'add',
        name: '_dmarc.nodmarc.test',
        value: 'v=DMARC1; p=none; rua=mailto:dmarc@nodmarc.test',
      },
    });
    expect((await run('pnone.test')).by.dmarc.status).toBe('warn');
    expect((await run('norua.test')).by.dmarc).toMatchObject({
      status: 'warn',
      fix: { action: 'change', value: 'v=DMARC1; p=reject; rua=mailto:dmarc@norua.test' },
    });
  });

  it('tracking domain: missing or wrong CNAME fails; none named warns', async () => {
    expect((await run('notrack.test')).by.tracking).toMatchObject({
      status: 'fail',
      fix: { action: 'add', type: 'CNAME', name: 'track.notrack.test', value: 'open.sleadtrack.com' },
    });
    expect((await run('badtrack.test')).by.tracking.fix?.action).toBe('change');
    expect((await run('good.test', { trackingDomain: null })).by.tracking.status).toBe('warn');
  });

  it('domain blocklists: a listing fails; a list refusing the query is unknown, not listed', async () => {
    const dbl = await run('listed.test');
    expect(dbl.by.domain_lists.status).toBe('fail');
    expect(dbl.by.domain_lists.summary).toContain('dbl.spamhaus.org');
    const surbl = await run('surbl.test');
    expect(surbl.by.domain_lists.summary).toContain('multi.surbl.org');
    expect(surbl.by.domain_lists.summary).not.toContain('uribl');
    const refused = await run('refused.test');
    expect(refused.by.domain_lists.status).toBe('unknown');
  });

  it('domain blocklists: with a DQS key Spamhaus is asked through its DQS zone', async () => {
    const dqs = listZones({
      DELIVERABILITY_DOMAIN_LISTS: 'dbl.spamhaus.org',
      DELIVERABILITY_IP_LISTS: 'zen.spamhaus.org',
      SPAMHAUS_DQS_KEY: 'k3y',
    });
    expect(dqs.ip[0]!.query).toBe('k3y.zen.dq.spamhaus.net');
    const r = await run('listed.test', { zones: dqs });
    expect(r.by.domain_lists.status).toBe('fail');
    expect(dns.count('A', 'listed.test.k3y.dbl.dq.spamhaus.net')).toBeGreaterThan(0);
  });

  it("IP lists: the mailbox's SMTP server on ZEN and SpamCop fails; a clean one passes", async () => {
    const r = await run('ownsmtp.test', { smtpHost: 'smtp.ownsmtp.test' });
    expect(r.by.ip_lists.status).toBe('fail');
    expect(r.by.ip_lists.summary).toContain('zen.spamhaus.org, bl.spamcop.net');
    const clean = await run('ownsmtp.test', { smtpHost: 'smtp.clean.test' });
    expect(clean.by.ip_lists.status).toBe('pass');
  });

  it("reverse DNS of the mailbox's own SMTP server: forward-confirmed passes, none fails", async () => {
    const own = await run('ownsmtp.test', { smtpHost: 'smtp.ownsmtp.test' });
    expect(own.by.ptr.status).toBe('pass');
    const none = await run('ownsmtp.test', { smtpHost: 'smtp.clean.test' });
    expect(none.by.ptr).toMatchObject({ status: 'fail', fix: { type: 'PTR', name: '198.51.100.8' } });
  });

  it('MX: a mail host without an address fails', async () => {
    const r = await run('deadmx.test', { provider: 'google' });
    expect(r.by.mx.status).toBe('fail');
    expect(r.by.mx.summary).toContain('mx.gone.test has no address');
  });

  it('a resolver that fails is "could not check", never a verdict on the domain', async () => {
    const r = await run('broken.test', { provider: 'google' });
    expect(r.by.spf.status).toBe('unknown');
    expect(r.by.mx.status).toBe('unknown');
    expect(r.by.dmarc.status).not.toBe('pass');
  });
});
