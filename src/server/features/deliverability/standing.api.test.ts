import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { SENDING_ZONE } from '../../../../tests/fakes/sending-domains';
import { type FakeSocks, startFakeSocks } from '../../../../tests/fakes/smtp-socks';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { verifierStandingJob } from './jobs';
import { listZones } from './lists';
import { configuredResolver } from './resolver';
import { checkStanding } from './standing';
import { readStanding } from './standing-store';

// The verifier's own standing: the public address found through the SMTP proxy, its reverse DNS and
// forward confirmation, SMTP_HELO_NAME, the IP lists; on the operator's endpoint and in /metrics.

const TOKEN = 'standing-metrics-token';
let dns: FakeDns;
let socks: FakeSocks;
let echo: http.Server;
let t: TestApp;
beforeAll(async () => {
  dns = await startFakeDns({ zone: SENDING_ZONE });
  socks = await startFakeSocks();
  // A "what is my address" service: what mail servers see is the proxy's address, here a fixed one.
  echo = http.createServer((_req, res) => res.end('198.51.100.7\n'));
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    env: {
      DNS_SERVERS: dns.server,
      DNS_TRIES: '1',
      METRICS_TOKEN: TOKEN,
      SMTP_PROXY: socks.url,
      SMTP_HELO_NAME: 'probe.example.test',
      STANDING_IP_ECHO_URL: `http://127.0.0.1:${(echo.address() as AddressInfo).port}/`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
  await socks?.close();
  await new Promise((r) => echo?.close(r));
});

describe("the verifier's standing", () => {
  it('found through the proxy: reverse DNS confirmed, HELO matching, listed on ZEN and SpamCop; endpoint and metrics', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await t.app.inject({ url: '/api/ops/verifier-standing' })).statusCode).toBe(401);
    await verifierStandingJob.handle({}, { ...t, log: { info() {}, error() {} }, jobId: 'x' } as never);
    expect(socks.connects).toHaveLength(1);
    const res = await t.app.inject({ url: '/api/ops/verifier-standing', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const [s] = res.json().ways;
    expect(s).toMatchObject({
      ip: '198.51.100.7',
      via: 'proxy',
      ptr: ['probe.example.test'],
      forwardConfirmed: true,
      heloMatches: true,
      listedOn: ['zen.spamhaus.org', 'bl.spamcop.net'],
      ok: false,
    });
    expect(s.problems).toEqual([
      '198.51.100.7 is listed on zen.spamhaus.org, bl.spamcop.net: servers using it refuse us.',
    ]);
    const metrics = (await t.app.inject({ url: '/metrics', headers: auth })).body;
    expect(metrics).toContain('verilead_verifier_standing{way="proxy",check="forward_confirmed"} 1');
    expect(metrics).toContain('verilead_verifier_standing{way="proxy",check="unlisted"} 0');
    expect(metrics).toContain('verilead_verifier_listed{way="proxy",list="zen.spamhaus.org"} 1');
  });

  it('several proxies: each exit checked and kept as its own way out', async () => {
    // Two proxies leaving from two addresses; the echo service answers what it sees, as the real one does.
    const exits: Record<string, string> = { '127.0.0.2': '198.51.100.7', '127.0.0.3': '198.51.100.8' };
    const seen = http.createServer((req, res) =>
      res.end(`${exits[req.socket.remoteAddress ?? ''] ?? '?'}\n`),
    );
    await new Promise<void>((r) => seen.listen(0, '127.0.0.1', r));
    const [ms, rest] = await Promise.all([
      startFakeSocks({ exit: '127.0.0.2' }),
      startFakeSocks({ exit: '127.0.0.3' }),
    ]);
    const app = await createTestApp({
      env: {
        DNS_SERVERS: dns.server,
        DNS_TRIES: '1',
        SMTP_PROXY: `microsoft=${ms.url},${rest.url}`,
        SMTP_HELO_NAME: 'probe.example.test',
        STANDING_IP_ECHO_URL: `http://127.0.0.1:${(seen.address() as AddressInfo).port}/`,
      },
    });
    try {
      await verifierStandingJob.handle({}, { ...app, log: { info() {}, error() {} }, jobId: 'y' } as never);
      const rows = (await readStanding({ db: app.database.db })).sort((a, b) =>
        (a.ip ?? '').localeCompare(b.ip ?? ''),
      );
      expect(rows.map((s) => [s.proxy, s.ip, s.forwardConfirmed, s.ok])).toEqual([
        [`127.0.0.1:${ms.port}`, '198.51.100.7', true, false],
        [`127.0.0.1:${rest.port}`, '198.51.100.8', false, false],
      ]);
      expect(rows[1].problems[0]).toContain('198.51.100.8 has no reverse DNS');
    } finally {
      await app.close();
      await Promise.all([ms.close(), rest.close()]);
      await new Promise((r) => seen.close(r));
    }
  });

  it('says what is wrong: no reverse DNS, a reverse name that does not resolve back, a HELO name that does not match, no address', async () => {
    const resolver = configuredResolver({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: 2000, DNS_TRIES: 1 });
    const zones = listZones(t.config).ip;
    const run = (ip: string | null, heloName: string | null) =>
      checkStanding({ resolver, publicIp: async () => ip, heloName, zones, via: 'direct', now: new Date() });
    try {
      const bare = await run('198.51.100.8', 'probe.example.test');
      expect(bare.problems.join(' ')).toContain('198.51.100.8 has no reverse DNS');
      expect(bare.heloMatches).toBe(false);
      const other = await run('198.51.100.9', null);
      expect(other.problems.join(' ')).toContain('does not resolve back to 198.51.100.9');
      expect(other.problems.join(' ')).toContain(
        'SMTP_HELO_NAME is not set: set it to elsewhere.example.test',
      );
      const unknown = await run(null, 'probe.example.test');
      expect(unknown.problems[0]).toContain('could not be found');
      const good = await run('198.51.100.7', 'probe.example.test');
      expect(good.problems).toHaveLength(1); // only the listings
    } finally {
      resolver.close();
    }
  });
});
