import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { RESET_REQUESTED } from './password-reset';

// Forgotten password (decision 0830): one answer whatever the address, a single-use, hashed, short-lived link
// through the relay, limits per client and per address, every session ended on reset.
let t: TestApp;
let relay: FakeSmtp;
beforeAll(async () => {
  relay = await startFakeSmtp({ host: '127.0.0.44', catchAll: true, acceptData: true });
  t = await createTestApp({
    env: {
      SMTP_RELAY_URL: `smtp://127.0.0.44:${relay.port}`,
      PUBLIC_URL: 'https://app.example.test',
      RATE_LIMIT_RESET_ADDRESS_MAX: '2',
      RATE_LIMIT_RESET_CLIENT_MAX: '6',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

const mailsTo = (to: string) => relay.stats.messages.filter((m) => m.to.includes(to));
const linkIn = (text: string) => /https:\/\/app\.example\.test\/reset-password\?token=([\w-]+)/.exec(text);

async function requestReset(c: TestClient, email: string) {
  const res = await c.post('/api/password-reset', { email });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as string;
}

describe('forgotten password', () => {
  it('answers the same for an unknown address, and mails a single-use link to a known one', async () => {
    const owner = new TestClient(t.app);
    const u = await owner.register();
    const anon = new TestClient(t.app, '10.9.0.1');
    expect(await requestReset(anon, `nobody-${u.email}`)).toBe(RESET_REQUESTED);
    expect(await requestReset(anon, u.email.toUpperCase())).toBe(RESET_REQUESTED);
    const [mail] = await waitFor(
      async () => mailsTo(u.email),
      (m) => m.length === 1,
    );
    expect(mailsTo(`nobody-${u.email}`)).toEqual([]);
    const token = linkIn(mail.text)?.[1];
    expect(token).toBeDefined();
    // Only the hash is stored.
    const stored = await t.database.raw.query<{ token_hash: string }>(
      "SELECT token_hash FROM account_tokens WHERE purpose = 'password_reset' AND user_id = $1",
      [u.id],
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect((await anon.get(`/api/password-reset/check?token=${token}`)).json()).toEqual({
      valid: true,
      twoFactor: false,
    });

    const weak = await anon.post('/api/password-reset/confirm', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must be at least 10 characters');
    const done = await anon.post('/api/password-reset/confirm', { token, password: 'a brand new secret' });
    expect(done.statusCode, done.body).toBe(200);
    // Every session ended; the new password signs in, the old one no longer does.
    expect((await owner.get('/api/user')).statusCode).toBe(401);
    expect((await anon.post('/api/login', { username: u.username, password: u.password })).statusCode).toBe(
      401,
    );
    const fresh = new TestClient(t.app);
    expect(
      (await fresh.post('/api/login', { username: u.email, password: 'a brand new secret' })).statusCode,
    ).toBe(200);
    // Single use.
    const again = await anon.post('/api/password-reset/confirm', { token, password: 'another new secret' });
    expect(again.statusCode).toBe(410);
    expect((await anon.get(`/api/password-reset/check?token=${token}`)).json()).toEqual({
      valid: false,
      twoFactor: false,
    });
  });

  it('expires after PASSWORD_RESET_TTL_MINUTES, and a newer link replaces an older one', async () => {
    const u = await new TestClient(t.app).register();
    const anon = new TestClient(t.app, '10.9.0.2');
    await requestReset(anon, u.email);
    // The link is made after the answer: the second request waits for the first mail.
    await waitFor(
      async () => mailsTo(u.email),
      (m) => m.length === 1,
    );
    await requestReset(anon, u.email);
    const mails = await waitFor(
      async () => mailsTo(u.email),
      (m) => m.length === 2,
    );
    const [first, second] = mails.map((m) => linkIn(m.text)?.[1]);
    const old = await anon.post('/api/password-reset/confirm', {
      token: first,
      password: 'a brand new secret',
    });
    expect(old.statusCode).toBe(410);
    t.clock.advance(31 * 60_000);
    const late = await anon.post('/api/password-reset/confirm', {
      token: second,
      password: 'a brand new secret',
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/expired or was already used/);
  });

  it('is rate limited per address and client together, and per client: others cannot block a victim', async () => {
    const u = await new TestClient(t.app).register();
    const one = new TestClient(t.app, '10.9.0.3');
    for (const email of [u.email, `ghost-${u.email}`]) {
      await requestReset(one, email);
      await requestReset(one, email);
      const limited = await one.post('/api/password-reset', { email });
      expect(limited.statusCode, email).toBe(429);
      // Someone else's requests for the address never stop its owner asking from their own machine.
      await requestReset(new TestClient(t.app, `10.9.1.${email.length % 200}`), email);
    }
    // Per client: six in all from one address (the refused ones count), whatever the email.
    expect((await one.post('/api/password-reset', { email: `more-${u.email}` })).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1);
    await requestReset(one, u.email);
  });
});

describe('what a reset ends', () => {
  /** A reset link for `email`, from the relay. */
  async function resetLink(email: string) {
    const before = mailsTo(email).length;
    await requestReset(new TestClient(t.app), email);
    const mails = await waitFor(
      async () => mailsTo(email),
      (m) => m.length > before,
    );
    return linkIn(mails.at(-1)?.text ?? '')?.[1] as string;
  }
  const signIn = (u: { username: string }, password: string) =>
    new TestClient(t.app).post('/api/login', { username: u.username, password });

  it('revokes the API tokens unless declined, and turns two-factor sign-in off only when asked', async () => {
    const { web, user: u, token } = await apiUser(t.app);
    const first = (await token()).token;
    expect((await bearer(t.app, first).get('/api/v1/lists')).statusCode).toBe(200);
    const { secret } = (await web.post('/api/account/two-factor/setup')).json();
    const code = await generate({ secret, epoch: Math.floor(t.clock().getTime() / 1000) });
    const on = await web.post('/api/account/two-factor/enable', { code, password: u.password });
    expect(on.statusCode, on.body).toBe(200);

    // The defaults: tokens revoked, two-factor sign-in kept (the form offers it, off).
    const link = await resetLink(u.email);
    expect((await web.get(`/api/password-reset/check?token=${link}`)).json()).toEqual({
      valid: true,
      twoFactor: true,
    });
    const done = await new TestClient(t.app).post('/api/password-reset/confirm', {
      token: link,
      password: 'a brand new secret',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(/1 API token revoked/);
    expect((await bearer(t.app, first).get('/api/v1/lists')).statusCode).toBe(401);
    expect((await signIn(u, 'a brand new secret')).json()).toEqual({ twoFactorRequired: true });

    // Asked: two-factor sign-in off; tokens kept when declined.
    const again = new TestClient(t.app);
    const kept = await again.post('/api/login', { username: u.username, password: 'a brand new secret' });
    expect(kept.statusCode).toBe(200);
    const link2 = await resetLink(u.email);
    const off = await again.post('/api/password-reset/confirm', {
      token: link2,
      password: 'another new secret',
      turnOffTwoFactor: true,
      revokeApiTokens: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toMatch(/two-factor sign-in turned off/);
    expect((await signIn(u, 'another new secret')).json()).toMatchObject({ username: u.username });
  });
});

describe('without a mail relay', () => {
  it('says whom to ask, sends nothing, and still answers the same', async () => {
    const bare = await createTestApp({ env: { OPERATOR_CONTACT: 'it-help@example.test' } });
    try {
      const c = new TestClient(bare.app);
      const u = await c.register();
      expect((await c.get('/api/password-reset')).json()).toEqual({
        mailEnabled: false,
        contact: 'it-help@example.test',
      });
      expect((await c.post('/api/password-reset', { email: u.email })).json().message).toBe(RESET_REQUESTED);
      const rows = await bare.database.raw.query('SELECT 1 FROM account_tokens WHERE user_id = $1', [u.id]);
      expect(rows).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
