import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { DKIM_TXT, SENDING_ZONE } from '../../../../tests/fakes/sending-domains';
import { type FakeSmartlead, startFakeSmartlead } from '../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../tests/helpers/client';
import { signUpWithKey, TEST_ENCRYPTION_KEY } from '../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { SendingDomain } from '../../../shared/deliverability';
import { allJobs } from '../index';
import { sendingDomains } from './schema';

// Sending domains through the API against the fake DNS zone and the fake Smartlead: add a domain and
// read why it fails, fix the record and recheck, the mailboxes' domains, the daily job's change event
// and notice, and another workspace's domain answering 404.

let t: TestApp;
// The daily job as the features list registers it (reading Smartlead's mailboxes).
const recheckJob = allJobs().find((j) => j.name === 'deliverability-recheck')!;
let dns: FakeDns;
let fake: FakeSmartlead;
beforeAll(async () => {
  dns = await startFakeDns({ zone: { ...SENDING_ZONE } });
  fake = await startFakeSmartlead({ rateLimit: { limit: 1_000, windowMs: 1_000 } });
  t = await createTestApp({
    env: {
      DNS_SERVERS: dns.server,
      DNS_TRIES: '1',
      SMARTLEAD_API_URL: fake.url,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      SAFE_FETCH_ALLOW_LOOPBACK: 'true',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
  await fake?.close();
});

const user = async (plan?: 'whitelabel') => {
  const c = new TestClient(t.app);
  await c.register(plan ? { plan } : undefined);
  return c;
};
const check = (d: SendingDomain, key: string) => d.checks.find((c) => c.key === key)!;
const jobCtx = () =>
  ({
    ...t,
    database: t.database,
    log: { info() {}, error() {} },
    jobId: 'test',
  }) as never;

describe('sending domains', () => {
  it('a domain typed in shows why it fails, with the record to add; fixed and rechecked, it passes', async () => {
    const c = await user();
    dns.set('fixme.test', { MX: [{ preference: 1, exchange: 'smtp.google.com' }] });
    dns.set('google._domainkey.fixme.test', { TXT: DKIM_TXT });
    dns.set('_dmarc.fixme.test', { TXT: [['v=DMARC1; p=reject; rua=mailto:d@fixme.test']] });
    dns.set('track.fixme.test', { CNAME: 'open.sleadtrack.com' });
    const added = await c.post('/api/deliverability/domains', {
      domain: ' FixMe.test ',
      trackingDomain: 'track.fixme.test',
    });
    expect(added.statusCode, added.body).toBe(200);
    const d = added.json() as SendingDomain;
    expect(d.domain).toBe('fixme.test');
    expect(d.state).toBe('fail');
    expect(check(d, 'spf')).toMatchObject({
      status: 'fail',
      fix: { action: 'add', type: 'TXT', name: 'fixme.test', value: 'v=spf1 include:_spf.google.com ~all' },
    });

    dns.set('fixme.test', {
      MX: [{ preference: 1, exchange: 'smtp.google.com' }],
      TXT: [['v=spf1 include:_spf.google.com ~all']],
    });
    const again = (await c.post(`/api/deliverability/domains/${d.id}/recheck`, {})).json() as SendingDomain;
    expect(check(again, 'spf').status).toBe('pass');
    expect(again.state).toBe('pass');
    // A recheck by hand changes the state too: the notice says so.
    expect(again.notice).toContain('fixme.test now passes every check');

    const list = (await c.get('/api/deliverability/domains')).json();
    expect(list.domains.map((x: SendingDomain) => x.domain)).toEqual(['fixme.test']);
    // No DQS key in this environment: the page says what that costs.
    expect(list.setup.join(' ')).toContain('SPAMHAUS_DQS_KEY');
    expect((await c.post('/api/deliverability/notices/dismiss', {})).statusCode).toBe(204);
    expect((await c.get('/api/deliverability/domains')).json().domains[0].notice).toBeNull();
  });

  it('refuses a malformed domain in words', async () => {
    const c = await user();
    const bad = await c.post('/api/deliverability/domains', { domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Enter a domain');
  });

  it("another workspace's domain is 404 to recheck and to delete", async () => {
    const a = await user();
    const b = await user();
    const d = (await a.post('/api/deliverability/domains', { domain: 'good.test' })).json() as SendingDomain;
    expect((await b.post(`/api/deliverability/domains/${d.id}/recheck`, {})).statusCode).toBe(404);
    expect((await b.request('DELETE', `/api/deliverability/domains/${d.id}`)).statusCode).toBe(404);
    expect((await b.get('/api/deliverability/domains')).json().domains).toEqual([]);
    expect((await a.request('DELETE', `/api/deliverability/domains/${d.id}`)).statusCode).toBe(204);
    expect((await a.get('/api/deliverability/domains')).json().domains).toEqual([]);
  });

  it("adds and checks the domains of the workspace's Smartlead mailboxes, own SMTP server on the IP lists", async () => {
    const { c, apiKey } = await signUpWithKey(t, fake);
    fake.addEmailAccount(apiKey, { from_email: 'ann@good.test', type: 'GMAIL' });
    fake.addEmailAccount(apiKey, { from_email: 'bob@good.test', type: 'GMAIL' });
    fake.addEmailAccount(apiKey, { from_email: 'cy@ownsmtp.test', smtp_host: 'smtp.ownsmtp.test' });
    const res = await c.post('/api/deliverability/domains/sync', {});
    expect(res.statusCode, res.body).toBe(200);
    const domains = res.json().domains as SendingDomain[];
    expect(domains.map((d) => [d.domain, d.source])).toEqual([
      ['good.test', 'mailbox'],
      ['ownsmtp.test', 'mailbox'],
    ]);
    const own = domains.find((d) => d.domain === 'ownsmtp.test')!;
    expect(own.smtpHost).toBe('smtp.ownsmtp.test');
    expect(check(own, 'ip_lists').status).toBe('fail');
    expect(check(domains[0]!, 'ip_lists').status).toBe('pass');
  });

  it('the daily job rechecks due domains; a change becomes a domain.changed event and a notice, once', async () => {
    // Webhooks are White Label's.
    const c = await user('whitelabel');
    const hook = await c.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['domain.changed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    dns.set('daily.test', {
      MX: [{ preference: 1, exchange: 'smtp.google.com' }],
      TXT: [['v=spf1 include:_spf.google.com ~all']],
    });
    dns.set('google._domainkey.daily.test', { TXT: DKIM_TXT });
    dns.set('_dmarc.daily.test', { TXT: [['v=DMARC1; p=reject; rua=mailto:d@daily.test']] });
    dns.set('track.daily.test', { CNAME: 'open.sleadtrack.com' });
    const d = (
      await c.post('/api/deliverability/domains', {
        domain: 'daily.test',
        trackingDomain: 'track.daily.test',
      })
    ).json() as SendingDomain;
    expect(d.state).toBe('pass');

    // Someone removes the DMARC record; a day later the job notices.
    dns.set('_dmarc.daily.test', 'NXDOMAIN');
    t.clock.advance(21 * 3600_000);
    await recheckJob.handle({}, jobCtx());
    const after = (await c.get('/api/deliverability/domains')).json().domains[0] as SendingDomain;
    expect(after.state).toBe('fail');
    expect(after.notice).toContain('daily.test now fails a check');
    expect(after.notice).toContain('DMARC fails');
    const deliveries = (await c.get(`/api/webhooks/${hook.json().id}/deliveries`)).json();
    expect(deliveries.map((x: { type: string }) => x.type)).toEqual(['domain.changed']);

    // Run again at once (a retried job): nothing is due, no second event.
    await recheckJob.handle({}, jobCtx());
    expect((await c.get(`/api/webhooks/${hook.json().id}/deliveries`)).json()).toHaveLength(1);
    const [row] = await t.database.db.select().from(sendingDomains).where(eq(sendingDomains.id, d.id));
    expect(row!.checkedAt!.getTime()).toBe(t.clock().getTime());
  });
});
