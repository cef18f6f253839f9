import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { SESSION_COOKIE } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3', SESSION_TTL_HOURS: '2' } });
});
afterAll(() => t.close());

describe('registration', () => {
  it('creates the account, signs it in and records the plan and a 7-day trial', async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'professional' });
    expect(c.cookies.has(SESSION_COOKIE)).toBe(true);
    const me = await c.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: u.email,
      firstName: u.username,
      lastName: null,
      profileImageUrl: null,
    });
    expect(me.json()).not.toHaveProperty('passwordHash');
    const status = (await c.get('/api/subscription-status')).json();
    expect(status.hasAccess).toBe(true);
    expect(status.trialEnded).toBe(false);
    const days = (new Date(status.trialEndDate).getTime() - t.clock().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ password: '123456789' }, 'Password must be at least 10 characters'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ plan: 'gold' }, undefined],
  ])('refuses %j with a clear message', async (over, message) => {
    const c = new TestClient(t.app);
    const username = uniqueName();
    const res = await c.post('/api/apply', {
      username,
      email: `${username}@example.com`,
      password: 'secret1234',
      plan: 'hobbyist',
      ...over,
    });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(res.json()).not.toHaveProperty('error');
  });

  it('refuses a duplicate username, whatever the case (a taken address: sign-up.api.test.ts)', async () => {
    const a = new TestClient(t.app);
    const u = await a.register();
    const b = new TestClient(t.app);
    const dupName = await b.post('/api/apply', {
      username: u.username.toUpperCase(),
      email: `other-${u.email}`,
      password: 'secret1234',
      plan: 'hobbyist',
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe('Username already exists');
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password, rotating the session id', async () => {
    const a = new TestClient(t.app);
    const u = await a.register();
    const first = a.cookies.get(SESSION_COOKIE);
    const res = await a.post('/api/login', { username: u.username, password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(u.email);
    const second = a.cookies.get(SESSION_COOKIE);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The old session id no longer works.
    const stale = new TestClient(t.app);
    stale.cookies.set(SESSION_COOKIE, first!);
    expect((await stale.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a wrong password with the documented message field', async () => {
    const a = new TestClient(t.app);
    const u = await a.register();
    const b = new TestClient(t.app);
    const res = await b.post('/api/login', { username: u.username, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid username or password');
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('validates the login payload', async () => {
    const b = new TestClient(t.app);
    const res = await b.post('/api/login', { username: 'ab', password: 'secret1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Username must be at least 3 characters');
  });

  it('limits failed sign-ins with a clear 429, even for the right password afterwards', async () => {
    const a = new TestClient(t.app);
    const u = await a.register();
    const b = new TestClient(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await b.post('/api/login', { username: u.username, password: 'nope-nope' })).statusCode).toBe(
        401,
      );
    }
    const blocked = await b.post('/api/login', { username: u.username, password: u.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./,
    );
    t.clock.advance(16 * 60_000);
    expect((await b.post('/api/login', { username: u.username, password: u.password })).statusCode).toBe(200);
  });

  it('logout deletes the session: /api/user is 401 afterwards', async () => {
    const a = new TestClient(t.app);
    await a.register();
    const token = a.cookies.get(SESSION_COOKIE)!;
    expect((await a.post('/api/logout')).statusCode).toBe(200);
    expect((await a.get('/api/user')).statusCode).toBe(401);
    const replay = new TestClient(t.app);
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a session past its absolute lifetime', async () => {
    const a = new TestClient(t.app);
    await a.register();
    expect((await a.get('/api/user')).statusCode).toBe(200);
    t.clock.advance(2 * 3_600_000 + 1000);
    expect((await a.get('/api/user')).statusCode).toBe(401);
  });

  it('GET /api/login is a navigation to /auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth');
  });

  it('sets an httpOnly SameSite=Lax session cookie', async () => {
    const username = uniqueName();
    const c = new TestClient(t.app);
    await c.get('/api/csrf');
    const res = await c.post('/api/apply', {
      username,
      email: `${username}@example.com`,
      password: 'secret1234',
      plan: 'whitelabel',
    });
    const cookie = res.cookies.find((k) => k.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
  });
});

describe('CSRF and headers', () => {
  it('refuses a state-changing call without the CSRF token', async () => {
    const a = new TestClient(t.app);
    await a.register();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/CSRF/);
    expect((await a.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a wrong token and a cross-site origin', async () => {
    const a = new TestClient(t.app);
    await a.register();
    expect((await a.post('/api/logout', undefined, { 'x-csrf-token': 'x'.repeat(43) })).statusCode).toBe(403);
    expect((await a.post('/api/logout', undefined, { origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('sends security headers and a JSON 404 under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/apply', '/api/login', '/api/user']));
    expect(doc.paths['/api/apply'].post.requestBody).toBeDefined();
  });
});
