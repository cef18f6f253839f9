import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { BAD_HEADERS, GOOD_HEADERS } from '../../../../tests/fakes/mail-headers';
import { SENDING_ZONE } from '../../../../tests/fakes/sending-domains';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { SendingDomain } from '../../../shared/deliverability';

// Deliverability v2 through the web API and API v1: the report (tree, requirements), the header check.

let t: TestApp;
let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns({ zone: { ...SENDING_ZONE } });
  t = await createTestApp({ env: { DNS_SERVERS: dns.server, DNS_TRIES: '1' } });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('deliverability report', () => {
  it('the header check reads pasted headers and refuses what is not headers, in words', async () => {
    const { web } = await apiUser(t.app);
    const good = await web.post('/api/deliverability/headers', { headers: GOOD_HEADERS });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ dmarc: { result: 'pass' }, unsubscribe: { oneClick: true } });
    const bad = await web.post('/api/deliverability/headers', { headers: 'just some words' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('No mail headers found');
    const huge = await web.post('/api/deliverability/headers', { headers: 'X: y\n'.repeat(40_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('128 KB');
  });

  it('API v1: a token checks a domain, reads its report (SPF tree, sender requirements) and checks headers', async () => {
    const { token } = await apiUser(t.app);
    const api = bearer(t.app, (await token()).token);
    const added = await api.post('/api/v1/deliverability/domains', { domain: 'plusall.test' });
    expect(added.statusCode, added.body).toBe(200);
    const d = added.json() as SendingDomain;
    const spf = d.checks.find((c) => c.key === 'spf')!;
    expect(spf.status).toBe('fail');
    expect(spf.tree?.[1]).toMatchObject({ depth: 1, term: 'include:_spf.google.com', lookups: 1 });
    const gmail = d.requirements!.find((r) => r.receiver === 'gmail')!;
    expect(gmail.rules.find((r) => r.rule.startsWith('SPF'))!.status).toBe('fail');
    const read = await api.get(`/api/v1/deliverability/domains/${d.id}`);
    expect(read.json()).toMatchObject({ id: d.id, state: 'fail' });
    expect((await api.get('/api/v1/deliverability/domains')).json().domains).toHaveLength(1);
    const headers = await api.post('/api/v1/deliverability/headers', { headers: BAD_HEADERS });
    expect(headers.json().dmarc.result).toBe('fail');
    // A token without the scope cannot; another workspace's domain is 404.
    const other = await apiUser(t.app);
    const narrow = bearer(t.app, (await other.token(['finds'])).token);
    expect((await narrow.get('/api/v1/deliverability/domains')).statusCode).toBe(403);
    const theirs = bearer(t.app, (await other.token()).token);
    expect((await theirs.get(`/api/v1/deliverability/domains/${d.id}`)).statusCode).toBe(404);
  });
});
