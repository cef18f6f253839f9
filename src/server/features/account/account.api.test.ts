import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { TestClient } from '../../../../tests/helpers/client';
import { multipartBody, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { SESSION_COOKIE } from '../auth/sessions';

// The account screen's calls (decision 0830): profile and picture, address change by link, password change,
// sessions, deletion; each one acts on the signed-in person only.
let t: TestApp;
let relay: FakeSmtp;
beforeAll(async () => {
  relay = await startFakeSmtp({ host: '127.0.0.45', catchAll: true, acceptData: true });
  t = await createTestApp({
    env: { SMTP_RELAY_URL: `smtp://127.0.0.45:${relay.port}`, PUBLIC_URL: 'https://app.example.test' },
  });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

async function person() {
  const c = new TestClient(t.app);
  const me = await c.register();
  return { c, me };
}
/** A second browser signed in to the same account. */
async function secondBrowser(me: { username: string; password: string }) {
  const c = new TestClient(t.app);
  expect((await c.post('/api/login', { username: me.username, password: me.password })).statusCode).toBe(200);
  return c;
}

describe('profile', () => {
  it('changes the name and the picture; the picture is a PNG, JPEG or WebP', async () => {
    const { c } = await person();
    const named = await c.request('PATCH', '/api/account', { firstName: ' Ada ', lastName: 'Lovelace' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', avatarUrl: null });
    const up = multipartBody('me.png', PNG, 'avatar');
    const pic = await c.request('POST', '/api/account/avatar', up.payload, up.headers);
    expect(pic.statusCode, pic.body).toBe(200);
    const url: string = pic.json().avatarUrl;
    const img = await c.get(url);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('private, max-age=300');
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    // Someone who shares no workspace with this person: the same 404 as no picture.
    const stranger = await person();
    expect((await stranger.c.get(url)).statusCode).toBe(404);
    const svg = multipartBody('me.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'avatar');
    const refused = await c.request('POST', '/api/account/avatar', svg.payload, svg.headers);
    expect(refused.statusCode).toBe(400);
    expect((await c.request('DELETE', '/api/account/avatar')).json().avatarUrl).toBeNull();
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).get('/api/account')).statusCode).toBe(401);
  });
});

describe('email change', () => {
  it('is confirmed by a link mailed to the new address; until then the old one stays', async () => {
    const { c, me } = await person();
    const next = `new-${me.email}`;
    const wrong = await c.post('/api/account/email', { email: next, password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('password');
    const res = await c.post('/api/account/email', { email: next, password: me.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pendingEmail: next, link: null });
    const mail = relay.stats.messages.filter((m) => m.to.includes(next)).at(-1);
    const token = /\/settings\/account\/email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await c.get('/api/account')).json()).toMatchObject({ email: me.email, pendingEmail: next });
    // Another account cannot use it.
    const other = await person();
    expect((await other.c.post('/api/account/email/confirm', { token })).statusCode).toBe(410);
    const done = await c.post('/api/account/email/confirm', { token });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: next, pendingEmail: null });
    // The old address hears of it.
    await waitFor(
      async () => relay.stats.messages.filter((m) => m.to.includes(me.email)),
      (m) =>
        m.some((x) => x.text.includes('Your Verilead email address was changed') && x.text.includes(next)),
    );
    expect((await c.post('/api/account/email/confirm', { token })).statusCode).toBe(410);
  });

  it('refuses an address another account uses', async () => {
    const { c, me } = await person();
    const other = await person();
    const res = await c.post('/api/account/email', { email: other.me.email, password: me.password });
    expect(res.statusCode).toBe(409);
  });
});

describe('sign-in', () => {
  it('accepts the email used at sign-up as well as the username', async () => {
    const { me } = await person();
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/login', { username: me.email.toUpperCase(), password: me.password })).statusCode,
    ).toBe(200);
    const bad = await new TestClient(t.app).post('/api/login', {
      username: me.email,
      password: 'wrong-password',
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('password and sessions', () => {
  it('a password change needs the current one, applies the new rule and ends the other sessions', async () => {
    const { c, me } = await person();
    const other = await secondBrowser(me);
    const wrong = await c.post('/api/account/password', {
      currentPassword: 'nope-nope',
      newPassword: 'long enough now',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('currentPassword');
    const short = await c.post('/api/account/password', {
      currentPassword: me.password,
      newPassword: 'short',
    });
    expect(short.json().message).toBe('Password must be at least 10 characters');
    const res = await c.post('/api/account/password', {
      currentPassword: me.password,
      newPassword: 'long enough now',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signedOut).toBe(1);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    await waitFor(
      async () => relay.stats.messages.filter((m) => m.to.includes(me.email)),
      (m) => m.some((x) => x.text.includes('Your Verilead password was changed')),
    );
    expect((await other.get('/api/user')).statusCode).toBe(401);
  });

  it('limits password checks per account across the routes that make them', async () => {
    const { c, me } = await person();
    for (let i = 0; i < 10; i++) {
      const route = ['/api/account/password', '/api/account/email', '/api/account/delete'][i % 3];
      const body =
        route === '/api/account/password'
          ? { currentPassword: 'wrong-guess', newPassword: 'long enough now' }
          : { password: 'wrong-guess', email: `x${i}-${me.email}` };
      expect((await c.post(route, body)).statusCode, route).toBe(400);
    }
    const limited = await c.post('/api/account/delete', { password: me.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many attempts with your password/);
    t.clock.advance(15 * 60_000 + 1);
    expect((await c.get('/api/user')).statusCode).toBe(200);
  });

  it('lists the sessions, ends one, and ends them all; another account cannot end mine', async () => {
    const { c, me } = await person();
    const other = await secondBrowser(me);
    const list = (await c.get('/api/account/sessions')).json() as { id: string; current: boolean }[];
    // Sign-up's session, and the second browser's.
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const theirs = list.find((s) => !s.current)!;
    const stranger = await person();
    expect((await stranger.c.request('DELETE', `/api/account/sessions/${theirs.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/user')).statusCode).toBe(200);
    expect((await c.request('DELETE', `/api/account/sessions/${theirs.id}`)).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const third = await secondBrowser(me);
    const all = await c.post('/api/account/sessions/end-all', {});
    expect(all.json().signedOut).toBe(2);
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await third.get('/api/user')).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('needs the password, and the owner of a shared workspace hands it over first', async () => {
    const { c, me } = await person();
    expect((await c.post('/api/account/delete', { password: 'wrong-password' })).statusCode).toBe(400);
    const [w] = await t.database.raw.query<{ id: string }>(
      "INSERT INTO workspaces (name, plan, trial_ends_at) VALUES ('Shared Co', 'whitelabel', now() + interval '7 days') RETURNING id",
    );
    const mate = await person();
    await t.database.raw.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'member')",
      [w.id, me.id, mate.me.id],
    );
    const refused = await c.post('/api/account/delete', { password: me.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/"Shared Co".*Transfer ownership/);
    expect((await c.get('/api/user')).statusCode).toBe(200);
  });

  it('removes the account, its workspace and its data, and signs it out everywhere', async () => {
    const { c, me } = await person();
    const other = await secondBrowser(me);
    await c.request('PATCH', '/api/account', { firstName: 'Gone', lastName: 'Soon' });
    const up = multipartBody('me.png', PNG, 'avatar');
    await c.request('POST', '/api/account/avatar', up.payload, up.headers);
    await c.post('/api/api-tokens', { name: 'script' });
    // A failed sign-in leaves counters keyed by the username.
    await new TestClient(t.app).post('/api/login', { username: me.username, password: 'wrong-password' });
    const res = await c.post('/api/account/delete', { password: me.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const counters = await t.database.raw.query('SELECT key FROM login_throttle WHERE key LIKE $1', [
      `%${me.username.toLowerCase()}%`,
    ]);
    expect(counters).toEqual([]);
    const left = await t.database.raw.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM users WHERE id = $1 OR lower(email) = lower($2))
            + (SELECT count(*) FROM workspaces WHERE id = $1)
            + (SELECT count(*) FROM sessions WHERE user_id = $1)
            + (SELECT count(*) FROM user_avatars WHERE user_id = $1)
            + (SELECT count(*) FROM api_tokens WHERE user_id = $1)
            + (SELECT count(*) FROM workspace_members WHERE user_id = $1)
            + (SELECT count(*) FROM login_known_addresses WHERE user_id = $1) AS n`,
      [me.id, me.email],
    );
    expect(Number(left[0].n)).toBe(0);
    expect(
      (await new TestClient(t.app).post('/api/login', { username: me.username, password: me.password }))
        .statusCode,
    ).toBe(401);
  });
});
