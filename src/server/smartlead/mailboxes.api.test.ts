import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../../../tests/fakes/smartlead';
import { TestClient } from '../../../tests/helpers/client';
import { newApiKey, TEST_ENCRYPTION_KEY } from '../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Sending mailboxes (decision 0202): connect one with SMTP and IMAP, see its health, edit it, warm it up
// and read the last seven days, remove it, against the fake Smartlead; the password goes to Smartlead only.

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  fake = await startFakeSmartlead({ rateLimit: { limit: 1_000, windowMs: 1_000 } });
  t = await createTestApp({ env: { SMARTLEAD_API_URL: fake.url, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const SECRET = `app-password-${Date.now()}`;
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

async function connected() {
  const c = new TestClient(t.app);
  await c.register();
  const apiKey = newApiKey();
  fake.apiKeys.add(apiKey);
  await c.post('/api/smartlead/settings', { apiKey });
  return c;
}

describe('sending mailboxes', () => {
  it('connects, edits, warms up (with seven days of stats) and removes a mailbox', async () => {
    const c = await connected();
    const res = await c.post('/api/smartlead/email-accounts', mailbox());
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(res.json()).toMatchObject({ smtpOk: true, imapOk: true, warmupStatus: null });
    // The password reached Smartlead, and nothing of ours holds or returns it.
    expect(fake.passwords.get(id)).toBe(SECRET);
    expect(res.body).not.toContain(SECRET);
    const listed = await c.get('/api/smartlead/email-accounts');
    expect(listed.body).not.toContain(SECRET);
    expect(listed.json().map((a: { fromEmail: string }) => a.fromEmail)).toContain('sarah@outreach.example');
    // No text column of any table holds it.
    const columns = await t.database.raw.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables x ON x.table_name = c.table_name AND x.table_schema = c.table_schema
       WHERE c.table_schema = 'public' AND x.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'jsonb')`,
    );
    for (const col of columns) {
      const [hit] = await t.database.raw.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${col.table_name}" WHERE "${col.column_name}"::text LIKE $1`,
        [`%${SECRET}%`],
      );
      expect(Number(hit.n), `${col.table_name}.${col.column_name}`).toBe(0);
    }

    const edited = await c.post(`/api/smartlead/email-accounts/${id}`, {
      fromName: 'Sarah J.',
      dailyLimit: 25,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(fake.accounts.get(id)).toMatchObject({ from_name: 'Sarah J.', message_per_day: 25 });

    const warm = await c.post(`/api/smartlead/email-accounts/${id}/warmup`, {
      enabled: true,
      perDay: 20,
      rampUp: 3,
      replyRate: 40,
    });
    expect(warm.statusCode, warm.body).toBe(200);
    expect(warm.json().warmupStatus).toBe('ACTIVE');
    expect(fake.warmups.get(id)).toEqual({ enabled: true, perDay: 20, rampUp: 3, replyRate: 40 });
    const stats = (await c.get(`/api/smartlead/email-accounts/${id}/warmup-stats`)).json();
    expect(stats.days).toHaveLength(7);
    expect(stats.days.map((d: { sent: number }) => d.sent)).toEqual([1, 4, 7, 10, 13, 16, 19]);
    expect(stats.days[6]).toMatchObject({ replied: 8 });
    expect(stats.sent).toBe(70);

    expect((await c.get(`/api/smartlead/email-accounts/${id}/health`)).json()).toMatchObject({
      smtpOk: true,
    });
    expect((await c.request('DELETE', `/api/smartlead/email-accounts/${id}`)).statusCode).toBe(200);
    expect(fake.accounts.has(id)).toBe(false);
  });

  it('says what Smartlead refused, checks the form, and keeps another workspace’s mailbox out of reach', async () => {
    const c = await connected();
    const refused = await c.post('/api/smartlead/email-accounts', mailbox({ password: 'wrong' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/SMTP connection failed/);
    expect(refused.body).not.toContain('wrong"');
    const bad = await c.post(
      '/api/smartlead/email-accounts',
      mailbox({ smtpPort: 70000, smtpHost: 'smtp example' }),
    );
    expect(bad.statusCode).toBe(400);
    const { id } = (await c.post('/api/smartlead/email-accounts', mailbox())).json();

    const other = await connected();
    expect((await other.get(`/api/smartlead/email-accounts/${id}/warmup-stats`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/smartlead/email-accounts/${id}`)).statusCode).toBe(404);
    expect(fake.accounts.has(id)).toBe(true);
    // Smartlead down: said in words, nothing changed.
    fake.inject({ status: 503, times: 10, path: /warmup/ });
    const down = await c.post(`/api/smartlead/email-accounts/${id}/warmup`, {
      enabled: true,
      perDay: 10,
      rampUp: 1,
      replyRate: 30,
    });
    expect(down.statusCode).toBe(502);
    expect(fake.warmups.has(id)).toBe(false);
    // No key: the screen's "connect Smartlead first".
    const bare = new TestClient(t.app);
    await bare.register();
    expect((await bare.post('/api/smartlead/email-accounts', mailbox())).statusCode).toBe(400);
  });
});
