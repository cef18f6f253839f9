import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSocks } from '../../../../tests/fakes/smtp-socks';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { createVerifier } from '../verifier';

let w: World;
let api: http.Server;
let apiUrl: string;
const apiCalls: Array<{ auth: string | undefined; body: Record<string, string> }> = [];

// Reacher-shaped answers by address (POST /v0/check_email).
const ANSWERS: Record<string, object> = {
  'ok@acme.test': { is_reachable: 'safe', smtp: { can_connect_smtp: true, is_deliverable: true } },
  'gone@acme.test': { is_reachable: 'invalid', smtp: { can_connect_smtp: true, is_deliverable: false } },
  'full@acme.test': { is_reachable: 'risky', smtp: { can_connect_smtp: true, has_full_inbox: true } },
  'any@acme.test': { is_reachable: 'risky', smtp: { can_connect_smtp: true, is_catch_all: true } },
  'down@acme.test': { is_reachable: 'unknown', smtp: { can_connect_smtp: false } },
  'sales@acme.test': {
    is_reachable: 'safe',
    misc: { is_role_account: true },
    smtp: { is_deliverable: true },
  },
};

beforeAll(async () => {
  w = await startWorld({ 'acme.test': { mailboxes: ['ok@acme.test'] } });
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const parsed = JSON.parse(body) as Record<string, string>;
      apiCalls.push({ auth: req.headers.authorization, body: parsed });
      if (req.url !== '/v0/check_email' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (parsed.to_email === 'boom@acme.test') {
        res.writeHead(500).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input: parsed.to_email, ...ANSWERS[parsed.to_email] }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await w.close();
  await new Promise((resolve) => api.close(resolve));
});

describe('verifier API provider (Reacher-compatible, fake on loopback)', () => {
  it('maps the API verdicts onto our reason codes, step 1 still first', async () => {
    const v = createVerifier({
      dnsServers: [w.dns.server],
      smtp: { mailFrom: 'bounce@verilead.test', heloName: 'probe.test' },
      verifierApi: { url: apiUrl, key: 'secret-key' },
    });
    const emails = Object.keys(ANSWERS).concat(['boom@acme.test', 'x@nowhere.test']);
    const results = await v.checkStep2(emails);
    await v.close();
    const by = Object.fromEntries(results.map((r) => [r.key, [r.status, r.reason]]));
    expect(by).toEqual({
      'ok@acme.test': ['valid', 'accepted'],
      'gone@acme.test': ['invalid', 'rejected'],
      'full@acme.test': ['risky', 'mailbox_full'],
      'any@acme.test': ['risky', 'catch_all'],
      'down@acme.test': ['risky', 'unreachable'],
      'sales@acme.test': ['risky', 'role'],
      'boom@acme.test': ['risky', 'temp_failure'],
      'x@nowhere.test': ['invalid', 'no_domain'],
    });
    expect(apiCalls.every((c) => c.auth === 'secret-key')).toBe(true);
    expect(apiCalls.find((c) => c.body.to_email === 'ok@acme.test')?.body).toMatchObject({
      from_email: 'bounce@verilead.test',
      hello_name: 'probe.test',
    });
    expect(apiCalls.some((c) => c.body.to_email === 'x@nowhere.test')).toBe(false);
    expect(w.hosts['acme.test'].stats.connections).toBe(0); // no SMTP of our own
  });
});

describe('SMTP through a SOCKS5 proxy (SMTP_PROXY)', () => {
  it('reaches the mail host through the proxy, by IP', async () => {
    const socks = await startFakeSocks({ user: 'u', pass: 'p' });
    const v = createVerifier({
      dnsServers: [w.dns.server],
      smtp: { allowPrivate: true, port: w.port, proxy: socks.url, timeoutMs: 2000 },
    });
    const [ok, gone] = await v.checkStep2(['ok@acme.test', 'nobody@acme.test']);
    await v.close();
    await socks.close();
    expect(ok).toMatchObject({ status: 'valid', reason: 'accepted' });
    expect(gone).toMatchObject({ status: 'invalid', reason: 'rejected' });
    expect(socks.connects).toEqual([`${w.ipOf['acme.test']}:${w.port}`]);
  });
});
