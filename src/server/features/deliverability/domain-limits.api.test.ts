import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { SENDING_ZONE } from '../../../../tests/fakes/sending-domains';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { sendingDomains } from './schema';
import { MAX_SENDING_DOMAINS } from './store';

// Decision 0910: what a typed sending domain may be, the cap checked inside the insert, and the
// check rate counted per workspace.

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

const owner = async () => {
  const c = new TestClient(t.app);
  const me = await c.register({ plan: 'whitelabel' });
  return { c, me };
};

describe('sending domain limits', () => {
  it('refuses IP addresses, reverse-DNS names, internal names and long labels, asking DNS nothing', async () => {
    const { c } = await owner();
    for (const [domain, why] of [
      ['127.0.0.1', 'IP address'],
      ['10.0.0.5', 'IP address'],
      ['1.0.0.10.in-addr.arpa', 'reverse-DNS'],
      ['db.corp.internal', 'public domain suffix'],
      [`${'a'.repeat(64)}.com`, '63 characters'],
    ]) {
      const res = await c.post('/api/deliverability/domains', { domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().message, domain).toContain(why);
    }
    expect(dns.count('MX', 'db.corp.internal') + dns.count('TXT', '_dmarc.db.corp.internal')).toBe(0);
  });

  // On PGlite statements run one at a time; the race this guards against shows on PostgreSQL
  // (`npm run test:pg`), where the old count-then-insert let 24 of 25 through.
  it('25 adds at once at 199 domains make 200: the cap is checked inside the insert', async () => {
    const { c, me } = await owner();
    const workspaceId = me.id as string;
    await t.database.db.insert(sendingDomains).values(
      Array.from({ length: MAX_SENDING_DOMAINS - 1 }, (_, i) => ({
        workspaceId,
        domain: `held${i}.test`,
        source: 'manual' as const,
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => c.post('/api/deliverability/domains', { domain: `new${i}.test` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(24);
    expect((await c.get('/api/deliverability/domains')).json().domains).toHaveLength(MAX_SENDING_DOMAINS);
    // A domain already held may still be changed at the cap.
    const again = await c.post('/api/deliverability/domains', { domain: 'held3.test', dkimSelector: 'mk1' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('30 checks a minute are the workspace’s, however many admins share them', async () => {
    const { c, me } = await owner();
    const admin = new TestClient(t.app);
    const other = await admin.register();
    const inv = await c.post('/api/workspaces/current/invitations', { email: other.email, role: 'admin' });
    expect(inv.statusCode, inv.body).toBe(201);
    const token = (inv.json().link as string).split('/invite/')[1];
    expect((await admin.post('/api/invitations/accept', { token })).statusCode).toBe(200);
    expect((await admin.post('/api/workspaces/switch', { workspaceId: me.id })).statusCode).toBe(200);

    const d = (await c.post('/api/deliverability/domains', { domain: 'good.test' })).json();
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const who = i % 2 ? admin : c;
      codes.push((await who.post(`/api/deliverability/domains/${d.id}/recheck`, {})).statusCode);
    }
    // One add and 29 rechecks: the 30 of the minute; the next, from either admin, waits.
    expect(codes.filter((s) => s === 200)).toHaveLength(29);
    expect(codes.at(-1)).toBe(429);
    expect((await admin.post(`/api/deliverability/domains/${d.id}/recheck`, {})).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await admin.post(`/api/deliverability/domains/${d.id}/recheck`, {})).statusCode).toBe(200);
  });
});
