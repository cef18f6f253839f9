import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSocks } from '../../../../../tests/fakes/smtp-socks';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import { createVerifier } from '../verifier';

let w: World;
let api: http.Server;
let apiUrl: string;
const apiCalls: Array<{ auth: string | undefined; body: Record<string, string> }> = [];
/** While set, the API answers every request with this (an outage, a rate limit, a refused key). */
let outage: { status: number; headers?: Record<string, string> } | null = null;

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
      if (outage) {
        res.writeHead(outage.status, outage.headers).end('{}');
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
    const emails = Object.keys(ANSWERS).concat(['x@nowhere.test']);
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
      'x@nowhere.test': ['invalid', 'no_domain'],
    });
    // Each row says how it was decided: the service for what passed step 1, the initial check otherwise.
    expect(new Set(results.map((r) => `${r.key.split('@')[1]} ${r.decidedBy} ${r.attempts}`))).toEqual(
      new Set(['acme.test verifier 1', 'nowhere.test initial_check 0']),
    );
    expect(apiCalls.every((c) => c.auth === 'secret-key')).toBe(true);
    expect(apiCalls.find((c) => c.body.to_email === 'ok@acme.test')?.body).toMatchObject({
      from_email: 'bounce@verilead.test',
      hello_name: 'probe.test',
    });
    expect(apiCalls.some((c) => c.body.to_email === 'x@nowhere.test')).toBe(false);
    expect(w.hosts['acme.test'].stats.connections).toBe(0); // no SMTP of our own
  });
});

describe('the verifier API failing is our side, never a verdict', () => {
  it.each([
    [503, {}, /is failing \(HTTP 503\)/, 30_000],
    [429, { 'retry-after': '120' }, /is limiting our requests \(HTTP 429\)/, 120_000],
    [401, {}, /refuses our key \(HTTP 401\): check VERIFIER_API_KEY/, 30_000],
  ])(
    'HTTP %s: the addresses wait with the reason, then get the true verdicts',
    async (status, headers, message, wait) => {
      outage = { status, headers };
      const asked: number[] = [];
      let release = () => {};
      const v = createVerifier({
        dnsServers: [w.dns.server],
        verifierApi: { url: apiUrl },
        smtp: { networkRetryMs: 30_000 },
        sleep: (ms) => {
          asked.push(ms);
          return new Promise((r) => {
            release = r;
          });
        },
      });
      try {
        const got: string[] = [];
        const run = v.checkStep2(['ok@acme.test', 'gone@acme.test'], { onResult: (r) => got.push(r.key) });
        for (let i = 0; i < 200 && v.health().ok; i++) await new Promise((r) => setTimeout(r, 10));
        expect(v.health()).toMatchObject({
          ok: false,
          kind: 'verifier',
          message: expect.stringMatching(message),
        });
        expect(v.health().message).toMatch(/verification will resume by itself/);
        expect(asked).toEqual([wait]);
        expect(got).toEqual([]);
        outage = null;
        release();
        const results = await run;
        expect(results.map((r) => [r.key, r.status, r.reason])).toEqual([
          ['ok@acme.test', 'valid', 'accepted'],
          ['gone@acme.test', 'invalid', 'rejected'],
        ]);
        expect(v.health().ok).toBe(true);
      } finally {
        outage = null;
        await v.close();
      }
    },
  );
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
