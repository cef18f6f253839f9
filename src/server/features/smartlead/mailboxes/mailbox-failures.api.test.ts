import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import {
  RecordingClient,
  signUpWithKey,
  startSmartleadApp,
  stopSmartleadApp,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';

// Sending mailboxes (decision 0202) when Smartlead fails or another workspace asks: a rejected key, 429
// with Retry-After, 5xx and an outage on every mailbox route, each in words; another workspace's mailbox
// is 404 on every route and stays as it was. The working paths are mailboxes.api.test.ts's.

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  // The app's waits are skipped here, so the fake's own rate limit is lifted (client.test.ts paces).
  ({ t, fake } = await startSmartleadApp());
});
afterAll(() => stopSmartleadApp(t, fake));

const SECRET = `app-password-${Date.now()}`;
const NEW_SECRET = `new-app-password-${Date.now()}`;
const mailbox = (over: Record<string, unknown> = {}) => ({
  fromName: 'Sarah Johnson',
  fromEmail: 'sarah@outreach.example',
  username: 'sarah@outreach.example',
  password: SECRET,
  smtpHost: 'smtp.outreach.example',
  smtpPort: 587,
  smtpSecurity: 'TLS',
  imapHost: 'imap.outreach.example',
  imapPort: 993,
  dailyLimit: 40,
  ...over,
});
const login = (over: Record<string, unknown> = {}) => ({
  username: 'sarah@outreach.example',
  password: NEW_SECRET,
  smtpHost: 'mail.outreach.example',
  smtpPort: 465,
  smtpSecurity: 'SSL',
  imapHost: 'mail.outreach.example',
  imapPort: 993,
  ...over,
});

async function withKey() {
  const { c, apiKey } = await signUpWithKey(t, fake, RecordingClient);
  return { c, apiKey };
}
async function withMailbox() {
  const u = await withKey();
  const res = await u.c.post('/api/smartlead/email-accounts', mailbox());
  expect(res.statusCode, res.body).toBe(201);
  return { ...u, id: res.json().id as number };
}
describe('when Smartlead fails, every mailbox route says so in words', () => {
  type X = Awaited<ReturnType<typeof withMailbox>>;
  type Res = { statusCode: number; json(): any; headers: Record<string, unknown> };
  const warmup = { enabled: true, perDay: 10, rampUp: 5, replyRate: 30 };
  const routes: [string, (x: X) => Promise<Res>][] = [
    ['connect', (x) => x.c.post('/api/smartlead/email-accounts', mailbox())],
    ['health', (x) => x.c.get(`/api/smartlead/email-accounts/${x.id}/health`)],
    ['edit', (x) => x.c.post(`/api/smartlead/email-accounts/${x.id}`, { fromName: 'S', dailyLimit: 9 })],
    ['sign-in', (x) => x.c.post(`/api/smartlead/email-accounts/${x.id}/login`, login())],
    ['warm-up', (x) => x.c.post(`/api/smartlead/email-accounts/${x.id}/warmup`, warmup)],
    ['warm-up stats', (x) => x.c.get(`/api/smartlead/email-accounts/${x.id}/warmup-stats`)],
    ['remove', (x) => x.c.request('DELETE', `/api/smartlead/email-accounts/${x.id}`)],
  ];
  let x: X;
  beforeAll(async () => {
    x = await withMailbox();
  });

  it.each(routes)('%s: rejected key 400, 429 with Retry-After, 5xx and outage 502', async (_n, call) => {
    fake.apiKeys.delete(x.apiKey);
    const bad = await call(x);
    fake.apiKeys.add(x.apiKey);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      reason: 'auth',
      message: expect.stringMatching(/rejected the API key/),
    });

    fake.inject({ status: 429, times: 2, retryAfter: '3' });
    const limited = await call(x);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3');
    expect(limited.json().message).toMatch(/rate limit was reached/);

    fake.inject({ status: 503, times: 2 });
    const down = await call(x);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      reason: 'server',
      message: expect.stringMatching(/having problems/),
    });

    fake.setOutage(true);
    try {
      const cut = await call(x);
      expect(cut.statusCode).toBe(502);
      expect(cut.json()).toMatchObject({
        reason: 'unreachable',
        message: expect.stringMatching(/Could not reach/),
      });
    } finally {
      fake.setOutage(false);
    }
    expect((await call(x)).statusCode).toBeLessThan(300);
    if (_n === 'remove') x = await withMailbox();
  });
});

describe('tenancy', () => {
  it("answers 404 for another workspace's mailbox on every route and leaves it as it was", async () => {
    const a = await withMailbox();
    const b = await withKey();
    const url = `/api/smartlead/email-accounts/${a.id}`;
    const answers = [
      await b.c.get(`${url}/health`),
      await b.c.get(`${url}/warmup-stats`),
      await b.c.post(url, { fromName: 'Taken', dailyLimit: 1 }),
      await b.c.post(`${url}/login`, login({ password: 'takeover' })),
      await b.c.post(`${url}/warmup`, { enabled: true, perDay: 50, rampUp: 20, replyRate: 100 }),
      await b.c.request('DELETE', url),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(fake.accounts.get(a.id)).toMatchObject({ from_name: 'Sarah Johnson', message_per_day: 40 });
    expect(fake.passwords.get(a.id)).toBe(SECRET);
    expect(fake.warmups.has(a.id)).toBe(false);
    for (const bad of ['abc', '0', '-1', '1.5', '9999999999999']) {
      expect((await b.c.get(`/api/smartlead/email-accounts/${bad}/health`)).statusCode, bad).toBe(404);
    }
    expect((await new TestClient(t.app).get(`${url}/health`)).statusCode).toBe(401);
  });
});
