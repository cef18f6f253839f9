import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { TestClient } from '../../../../tests/helpers/client';
import { waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// The email-change link is the proof that the new mailbox is the person's: with a relay it is only ever
// mailed, never in the answer, whatever the Host header says; without one it is shown only on the
// service's declared public address.
let relay: FakeSmtp;
let mailing: TestApp;
let bare: TestApp;
beforeAll(async () => {
  relay = await startFakeSmtp({ host: '127.0.0.48', catchAll: true, acceptData: true });
  mailing = await createTestApp({ env: { SMTP_RELAY_URL: `smtp://127.0.0.48:${relay.port}` } });
  bare = await createTestApp({ env: { PUBLIC_HOSTS: 'app.example.test' } });
});
afterAll(async () => {
  await mailing?.close();
  await bare?.close();
  await relay?.close();
});

const change = (c: TestClient, email: string, password: string, host?: string) =>
  c.post('/api/account/email', { email, password }, host ? { host } : {});
const pendingTokens = async (t: TestApp, userId: string) =>
  t.database.raw.query("SELECT 1 FROM account_tokens WHERE purpose = 'email_change' AND user_id = $1", [
    userId,
  ]);

describe('email change link', () => {
  it('with a relay is never returned: an unknown Host gets a refusal, and no link is made', async () => {
    const c = new TestClient(mailing.app);
    const me = await c.register();
    const next = `new-${me.email}`;
    const sent = relay.stats.messages.length;
    const res = await change(c, next, me.password, 'evil.example');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.body).not.toContain('token=');
    expect(res.json().message).toMatch(/PUBLIC_URL/);
    expect(await pendingTokens(mailing, me.id)).toEqual([]);
    expect(relay.stats.messages.length).toBe(sent);
    expect((await c.get('/api/account')).json().pendingEmail).toBeNull();
    // On the service's own address the link goes by mail only.
    const ok = await change(c, next, me.password);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().link).toBeNull();
    await waitFor(
      async () => relay.stats.messages.filter((m) => m.to.includes(next)),
      (m) => m.length === 1,
    );
  });

  it('without a relay is shown only on a host in PUBLIC_HOSTS (or with PUBLIC_URL)', async () => {
    const c = new TestClient(bare.app);
    const me = await c.register();
    const next = `new-${me.email}`;
    for (const host of ['evil.example', 'localhost']) {
      const res = await change(c, next, me.password, host);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(503);
      expect(res.body).not.toContain('token=');
    }
    expect(await pendingTokens(bare, me.id)).toEqual([]);
    const shown = await change(c, next, me.password, 'app.example.test');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().link).toMatch(/^http:\/\/app\.example\.test\/settings\/account\/email\?token=/);
  });
});
