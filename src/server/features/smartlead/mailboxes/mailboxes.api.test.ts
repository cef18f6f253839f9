import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import {
  RecordingClient,
  signUpWithKey,
  stopSmartleadApp,
  TEST_ENCRYPTION_KEY,
} from '../../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

// Sending mailboxes (decision 0202) against the fake Smartlead: connect one with SMTP and IMAP, see its
// health, edit it, give it new sign-in details, warm it up and read the last seven days, remove it; the
// documented request bodies; Smartlead's 400/422 bodies, a rejected key, 429 with Retry-After, 5xx and an
// outage on every route, each in words; another workspace's mailbox is 404 everywhere; the password goes
// to Smartlead only: never in a table, an answer or the request log.

let t: TestApp;
let fake: FakeSmartlead;
let log = '';
beforeAll(async () => {
  // The app's waits are skipped here, so the fake's own rate limit is lifted (client.test.ts paces).
  fake = await startFakeSmartlead({ rateLimit: { limit: 1_000, windowMs: 1_000 } });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  t = await createTestApp({
    env: { SMARTLEAD_API_URL: fake.url, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: 'info' },
    logStream: stream,
  });
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
const lastCall = (method: string, path: string) =>
  fake.mailboxCalls.filter((x) => x.method === method && x.path === path).at(-1)?.body;

describe('sending mailboxes', () => {
  it('connects a mailbox with the documented save body; no table holds the password', async () => {
    const { c } = await withKey();
    const res = await c.post('/api/smartlead/email-accounts', mailbox());
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(res.json()).toEqual({
      id,
      smtpOk: true,
      imapOk: true,
      smtpError: null,
      imapError: null,
      warmupStatus: null,
      warmupReputation: null,
      warmupBlockedReason: null,
      warmupPerDay: null,
      warmupReplyRate: null,
      login: {
        username: 'sarah@outreach.example',
        smtpHost: 'smtp.outreach.example',
        smtpPort: 587,
        smtpSecurity: 'TLS',
        imapHost: 'imap.outreach.example',
        imapPort: 993,
        imapSecurity: 'SSL',
      },
    });
    expect(lastCall('POST', '/email-accounts/save')).toEqual({
      id: null,
      type: 'SMTP',
      from_name: 'Sarah Johnson',
      from_email: 'sarah@outreach.example',
      user_name: 'sarah@outreach.example',
      password: SECRET,
      smtp_host: 'smtp.outreach.example',
      smtp_port: 587,
      smtp_port_type: 'TLS',
      imap_host: 'imap.outreach.example',
      imap_port: 993,
      max_email_per_day: 40,
      warmup_enabled: false,
    });
    // The password reached Smartlead (whose own answer then carries it), and nothing of ours holds it.
    expect(fake.passwords.get(id)).toBe(SECRET);
    const listed = await c.get('/api/smartlead/email-accounts');
    expect(listed.json().map((a: { fromEmail: string }) => a.fromEmail)).toContain('sarah@outreach.example');
    const columns = await t.database.raw.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables x ON x.table_name = c.table_name AND x.table_schema = c.table_schema
       WHERE c.table_schema = 'public' AND x.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'jsonb')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    for (const col of columns) {
      const [hit] = await t.database.raw.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${col.table_name}" WHERE "${col.column_name}"::text LIKE $1`,
        [`%${SECRET}%`],
      );
      expect(Number(hit.n), `${col.table_name}.${col.column_name}`).toBe(0);
    }
  });

  it("sends the provider's type, which the list then shows", async () => {
    const { c } = await withKey();
    const res = await c.post(
      '/api/smartlead/email-accounts',
      mailbox({ type: 'GMAIL', fromEmail: 'sam@gmail-workspace.example', smtpHost: 'smtp.gmail.com' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(lastCall('POST', '/email-accounts/save')).toMatchObject({
      type: 'GMAIL',
      smtp_host: 'smtp.gmail.com',
    });
    const listed = (await c.get('/api/smartlead/email-accounts')).json() as {
      fromEmail: string;
      type: string;
    }[];
    expect(listed.find((a) => a.fromEmail === 'sam@gmail-workspace.example')?.type).toBe('GMAIL');
    expect((await c.post('/api/smartlead/email-accounts', mailbox({ type: 'YAHOO' }))).statusCode).toBe(400);
  });

  it("says in Smartlead's words why it refused a mailbox, and checks the form before asking", async () => {
    const { c } = await withKey();
    const count = fake.accounts.size;
    const refused = await c.post('/api/smartlead/email-accounts', mailbox({ password: 'wrong-one' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Smartlead refused the request (HTTP 400): SMTP connection failed: authentication rejected by smtp.outreach.example',
    );
    const host = await c.post('/api/smartlead/email-accounts', mailbox({ imapHost: 'imap.nowhere.invalid' }));
    expect(host.json().message).toMatch(
      /IMAP connection failed: getaddrinfo ENOTFOUND imap\.nowhere\.invalid/,
    );
    expect(fake.accounts.size).toBe(count);

    const calls = fake.mailboxCalls.length;
    const bad = await c.post('/api/smartlead/email-accounts', mailbox({ smtpPort: 70000 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Ports are 1 to 65535/);
    expect(fake.mailboxCalls.length).toBe(calls);
  });

  it('shows the connection as Smartlead last checked it, with its reason when broken', async () => {
    const { c, apiKey } = await withKey();
    const broken = fake.addEmailAccount(apiKey, {
      from_email: 'old@outreach.example',
      is_imap_success: false,
    });
    const res = await c.get(`/api/smartlead/email-accounts/${broken.id}/health`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      smtpOk: true,
      imapOk: false,
      smtpError: null,
      imapError: 'IMAP login failed: AUTHENTICATIONFAILED',
      warmupStatus: 'ACTIVE',
      warmupReputation: 98,
    });
    expect(lastCall('GET', `/email-accounts/${broken.id}/`)).toBeDefined();
    expect(res.body).not.toContain('stored-password');
  });

  it('edits the name and daily limit through the update endpoint', async () => {
    const { c, id } = await withMailbox();
    const res = await c.post(`/api/smartlead/email-accounts/${id}`, { fromName: 'Sarah J.', dailyLimit: 25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(lastCall('POST', `/email-accounts/${id}`)).toEqual({
      from_name: 'Sarah J.',
      max_email_per_day: 25,
    });
    expect(fake.accounts.get(id)).toMatchObject({ from_name: 'Sarah J.', message_per_day: 25 });
  });

  it('takes new sign-in details: Smartlead checks them again as it saves', async () => {
    const { c, id } = await withMailbox();
    const res = await c.post(`/api/smartlead/email-accounts/${id}/login`, login());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().login).toMatchObject({
      smtpHost: 'mail.outreach.example',
      smtpPort: 465,
      smtpSecurity: 'SSL',
    });
    expect(lastCall('POST', '/email-accounts/save')).toEqual({
      id,
      from_name: 'Sarah Johnson',
      from_email: 'sarah@outreach.example',
      user_name: 'sarah@outreach.example',
      password: NEW_SECRET,
      smtp_host: 'mail.outreach.example',
      smtp_port: 465,
      smtp_port_type: 'SSL',
      imap_host: 'mail.outreach.example',
      imap_port: 993,
      max_email_per_day: 40,
      warmup_enabled: false,
    });
    expect(fake.passwords.get(id)).toBe(NEW_SECRET);
    const refused = await c.post(
      `/api/smartlead/email-accounts/${id}/login`,
      login({ password: 'wrong again' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/SMTP connection failed/);
    expect(fake.passwords.get(id)).toBe(NEW_SECRET);
  });

  it('warms a mailbox up within the documented limits and shows seven days of stats', async () => {
    const { c, id } = await withMailbox();
    const none = (await c.get(`/api/smartlead/email-accounts/${id}/warmup-stats`)).json();
    expect(none).toMatchObject({ sent: 0, spam: 0 });
    expect(none.days.every((d: { sent: number }) => d.sent === 0)).toBe(true);

    const warm = await c.post(`/api/smartlead/email-accounts/${id}/warmup`, {
      enabled: true,
      perDay: 20,
      rampUp: 5,
      replyRate: 40,
    });
    expect(warm.statusCode, warm.body).toBe(200);
    expect(warm.json()).toMatchObject({ warmupStatus: 'ACTIVE', warmupPerDay: 20, warmupReplyRate: 40 });
    expect(lastCall('POST', `/email-accounts/${id}/warmup`)).toEqual({
      warmup_enabled: true,
      total_warmup_per_day: 20,
      daily_rampup: 5,
      reply_rate_percentage: 40,
    });
    const stats = (await c.get(`/api/smartlead/email-accounts/${id}/warmup-stats`)).json();
    expect(stats.days).toHaveLength(7);
    expect(stats.days.map((d: { date: string }) => d.date)).toEqual(
      [...stats.days.map((d: { date: string }) => d.date)].sort(),
    );
    expect(stats.days.map((d: { sent: number }) => d.sent)).toEqual([1, 6, 11, 16, 20, 20, 20]);
    expect(stats.days[6]).toMatchObject({ replied: 8, savedFromSpam: 1 });
    expect(stats).toMatchObject({ sent: 94, inbox: 93, spam: 1 });

    for (const [field, value, words] of [
      ['perDay', 51, 'At most 50 a day'],
      ['rampUp', 3, 'At least 5 more a day'],
      ['replyRate', 10, '20 to 100%'],
    ] as const) {
      const out = await c.post(`/api/smartlead/email-accounts/${id}/warmup`, {
        enabled: true,
        perDay: 20,
        rampUp: 5,
        replyRate: 40,
        [field]: value,
      });
      expect(out.statusCode, field).toBe(400);
      expect(out.body, field).toContain(words);
    }
    const off = await c.post(`/api/smartlead/email-accounts/${id}/warmup`, {
      enabled: false,
      perDay: 20,
      rampUp: 5,
      replyRate: 40,
    });
    expect(off.json().warmupStatus).toBe('PAUSED');
  });

  it("passes Smartlead's validation error (422) on in its words", async () => {
    const { c, id } = await withMailbox();
    fake.inject({ status: 422, path: /\/warmup$/ });
    const res = await c.post(`/api/smartlead/email-accounts/${id}/warmup`, {
      enabled: true,
      perDay: 20,
      rampUp: 5,
      replyRate: 40,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      reason: 'bad_request',
      message: 'Smartlead refused the request (HTTP 422): Injected 422',
    });
  });

  it('removes a mailbox from Smartlead and its campaigns; then it is not found', async () => {
    const { c, id, apiKey } = await withMailbox();
    const made = await fetch(`${fake.url}/campaigns/create?api_key=${apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Made in Smartlead' }),
    });
    const campaign = fake.campaigns.get(((await made.json()) as { id: number }).id)!;
    campaign.emailAccountIds = [id];
    const res = await c.request('DELETE', `/api/smartlead/email-accounts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.accounts.has(id)).toBe(false);
    expect(campaign.emailAccountIds).toEqual([]);
    const again = await c.request('DELETE', `/api/smartlead/email-accounts/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/not in your Smartlead account/);
  });

  it('without a saved key, says how to connect one', async () => {
    const bare = new TestClient(t.app);
    await bare.register();
    const res = await bare.post('/api/smartlead/email-accounts', mailbox());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/configure your Smartlead API key in the settings/);
    expect((await bare.get('/api/smartlead/email-accounts/501/health')).json().message).toMatch(
      /configure your Smartlead API key/,
    );
  });
});

describe('secrecy', () => {
  it('never sends a mailbox password back, nor writes it to the request log', () => {
    const transcript = RecordingClient.transcript.join('\n');
    expect(transcript).toContain('sarah@outreach.example');
    for (const secret of [SECRET, NEW_SECRET, 'stored-password']) {
      expect(transcript).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('/api/smartlead/email-accounts');
  });
});
