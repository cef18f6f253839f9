import net from 'node:net';
import { afterAll, beforeAll, expect, describe as group, it } from 'vitest';
import { startWorld, type World } from '../../tests/fakes/smtp-world';
import { describe, diagnose } from './doctor';

// `npm run doctor` against loopback fakes: a resolver that answers truly and a mail server on the world's
// SMTP port; then a lying resolver, a closed SMTP port and a relay that does not answer.

const CANARIES = ['canary1.test', 'canary2.test', 'canary3.test'];
let w: World;
let closedPort: number;

beforeAll(async () => {
  w = await startWorld(Object.fromEntries(CANARIES.map((d) => [d, { mailboxes: [`ann@${d}`] }])));
  // A port nobody listens on: taken, then given back.
  closedPort = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
});
afterAll(async () => {
  await w?.close();
});

const envOf = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  ...w.env(),
  SMTP_ALLOW_PRIVATE: 'true',
  DNS_TRIES: '1',
  DNS_TIMEOUT_MS: '2000',
  DNS_CANARY_DOMAINS: CANARIES.join(','),
  SMTP_SELF_CHECK_DOMAINS: CANARIES[0],
  ...extra,
});

group('npm run doctor', () => {
  it('says all is good when the resolver, the mail servers and the relay answer', async () => {
    w.dns.setMode('normal');
    const findings = await diagnose(envOf());
    expect(findings.map((f) => [f.check, f.ok])).toEqual([
      ['resolver', true],
      ['port 25', true],
      ['relay', true],
    ]);
    expect(describe(findings)).toMatch(/All good\.\n$/);
  });

  it('names DNS_SERVERS when the resolver lies', async () => {
    w.dns.setMode('nxdomain');
    try {
      const [resolver] = await diagnose(envOf());
      expect(resolver).toMatchObject({ check: 'resolver', ok: false });
      expect(resolver.text).toMatch(/not answering correctly.*Set DNS_SERVERS/);
    } finally {
      w.dns.setMode('normal');
    }
  });

  it('names port 25 and SMTP_PROXY when no mail server can be reached, and SMTP_RELAY_URL when the relay is down', async () => {
    const findings = await diagnose(
      envOf({ SMTP_PORT: String(closedPort), SMTP_RELAY_URL: `smtp://127.0.0.1:${closedPort}` }),
    );
    const byCheck = Object.fromEntries(findings.map((f) => [f.check, f]));
    expect(byCheck.resolver.ok).toBe(true);
    expect(byCheck['port 25']).toMatchObject({ ok: false, text: expect.stringMatching(/SMTP_PROXY/) });
    expect(byCheck.relay).toMatchObject({ ok: false, text: expect.stringMatching(/Check SMTP_RELAY_URL/) });
    expect(describe(findings)).toMatch(/WRONG port 25: .*\nWRONG relay: .*\n2 thing\(s\) to fix/);
  });
});
