import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { twoFactor, twoFactorRecoveryCodes } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '5', LOGIN_WINDOW_MINUTES: '15' } });
});
afterAll(async () => {
  await t?.close();
});

const epoch = () => Math.floor(t.clock().getTime() / 1000);
/** The code an authenticator app shows now (or `stepsAhead` 30-second steps later). */
const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: epoch() + stepsAhead * 30 });

/** A user with two-factor sign-in turned on; returns the secret and the recovery codes. */
async function enrolled() {
  const c = new TestClient(t.app);
  const u = await c.register();
  const setup = await c.post('/api/account/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrDataUrl } = setup.json();
  expect(otpauthUri).toBe(
    `otpauth://totp/Verilead:${encodeURIComponent(u.email)}?secret=${secret}&issuer=Verilead`,
  );
  expect(Buffer.from(qrDataUrl.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
  const on = await c.post('/api/account/two-factor/enable', {
    code: await codeFor(secret),
    password: u.password,
  });
  expect(on.statusCode).toBe(200);
  // The code used to enable is spent: sign-ins start from the next step.
  t.clock.advance(30_000);
  return { c, u, secret: secret as string, recovery: on.json().recoveryCodes as string[] };
}

/** Password step from a fresh browser; returns the client holding the challenge. */
async function passwordStep(u: { username: string; password: string }, ip?: string) {
  const c = new TestClient(t.app, ip);
  const res = await c.post('/api/login', { username: u.username, password: u.password });
  return { c, res };
}

describe('turning two-factor sign-in on', () => {
  it('needs a right code from the app, shows 10 recovery codes once, and seals the secret', async () => {
    const c = new TestClient(t.app);
    const u = await c.register();
    expect((await c.get('/api/account/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const { secret } = (await c.post('/api/account/two-factor/setup')).json();
    const wrong = await c.post('/api/account/two-factor/enable', { code: '000000', password: u.password });
    expect(wrong.statusCode).toBe(400);
    expect((await c.get('/api/account/two-factor')).json().enabled).toBe(false);
    const on = await c.post('/api/account/two-factor/enable', {
      code: await codeFor(secret),
      password: u.password,
    });
    const codes = on.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect((await c.get('/api/account/two-factor')).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, u.id));
    expect(row.secretSealed.startsWith('v1:')).toBe(true);
    expect(row.secretSealed).not.toContain(secret);
    const stored = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    // A second setup while it is on is refused: it would replace the secret behind the user's back.
    expect((await c.post('/api/account/two-factor/setup')).statusCode).toBe(409);
    expect((await new TestClient(t.app).post('/api/account/two-factor/setup')).statusCode).toBe(401);
  });
});

describe('signing in', () => {
  it('asks for the code after the password, and only then opens a session', async () => {
    const { u, secret } = await enrolled();
    const { c, res } = await passwordStep(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect((await c.get('/api/user')).statusCode).toBe(401);
    const done = await c.post('/api/login/two-factor', { code: await codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().username).toBe(u.username);
    expect((await c.get('/api/user')).json().id).toBe(u.id);
  });

  it('never accepts the same code twice', async () => {
    const { u, secret } = await enrolled();
    const code = await codeFor(secret);
    const first = await passwordStep(u);
    expect((await first.c.post('/api/login/two-factor', { code })).statusCode).toBe(200);
    const second = await passwordStep(u);
    const replay = await second.c.post('/api/login/two-factor', { code });
    expect(replay.statusCode).toBe(401);
    expect((await second.c.get('/api/user')).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { u, recovery, c: owner } = await enrolled();
    const first = await passwordStep(u);
    const ok = await first.c.post('/api/login/two-factor', { code: recovery[3].toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect((await owner.get('/api/account/two-factor')).json().recoveryCodesLeft).toBe(9);
    const again = await passwordStep(u);
    expect((await again.c.post('/api/login/two-factor', { code: recovery[3] })).statusCode).toBe(401);
  });

  it('refuses the second step without a password step, and after it expired', async () => {
    const { u, secret } = await enrolled();
    const stranger = new TestClient(t.app);
    expect((await stranger.post('/api/login/two-factor', { code: await codeFor(secret) })).statusCode).toBe(
      401,
    );
    const { c } = await passwordStep(u);
    t.clock.advance(11 * 60_000);
    const late = await c.post('/api/login/two-factor', { code: await codeFor(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toContain('expired');
  });

  it('counts wrong codes on the sign-in limiter, so a known password does not open unlimited guessing', async () => {
    const { u, secret } = await enrolled();
    // The password's own reservation counts until the code is right: 1 + 4 wrong codes = 5 (the limit).
    const { c } = await passwordStep(u);
    for (let i = 0; i < 4; i++) {
      expect((await c.post('/api/login/two-factor', { code: '123456' })).statusCode).toBe(401);
    }
    const blocked = await c.post('/api/login/two-factor', { code: await codeFor(secret) });
    expect(blocked.statusCode).toBe(429);
    // Starting over with the password does not reset the count either.
    const again = await passwordStep(u, c.ip);
    expect(again.res.statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
    const later = await passwordStep(u, c.ip);
    expect(later.res.json()).toEqual({ twoFactorRequired: true });
    // From an address this user never signed in from, attempts on the username are spaced (decision 0005).
    t.clock.advance(5_000);
    expect((await later.c.post('/api/login/two-factor', { code: await codeFor(secret) })).statusCode).toBe(
      200,
    );
  });

  it('ends a challenge after five wrong codes', async () => {
    const t2 = await createTestApp({ env: { LOGIN_MAX_FAILURES: '50' } });
    try {
      const c = new TestClient(t2.app);
      const u = await c.register();
      const { secret } = (await c.post('/api/account/two-factor/setup')).json();
      const now = Math.floor(t2.clock().getTime() / 1000);
      await c.post('/api/account/two-factor/enable', {
        code: await generate({ secret, epoch: now }),
        password: u.password,
      });
      t2.clock.advance(30_000);
      const b = new TestClient(t2.app);
      await b.post('/api/login', { username: u.username, password: u.password });
      for (let i = 0; i < 4; i++)
        expect((await b.post('/api/login/two-factor', { code: '111111' })).statusCode).toBe(401);
      const last = await b.post('/api/login/two-factor', { code: '111111' });
      expect(last.json().message).toContain('Enter your password again');
      const code = await generate({ secret, epoch: now + 30 });
      expect((await b.post('/api/login/two-factor', { code })).statusCode).toBe(401);
    } finally {
      await t2.close();
    }
  });
});

describe('turning it off and new recovery codes', () => {
  it('asks for the password, then sign-in needs no code', async () => {
    const { c, u } = await enrolled();
    expect(
      (await c.post('/api/account/two-factor/recovery-codes', { password: 'wrong password' })).statusCode,
    ).toBe(400);
    const fresh = await c.post('/api/account/two-factor/recovery-codes', { password: u.password });
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect((await c.post('/api/account/two-factor/disable', { password: 'wrong password' })).statusCode).toBe(
      400,
    );
    const off = await c.post('/api/account/two-factor/disable', { password: u.password });
    expect(off.json().enabled).toBe(false);
    const { res } = await passwordStep(u);
    expect(res.json().username).toBe(u.username);
  });
});

describe('a stolen session', () => {
  it('cannot turn two-factor sign-in on without the password', async () => {
    const c = new TestClient(t.app);
    const u = await c.register();
    const { secret } = (await c.post('/api/account/two-factor/setup')).json();
    const code = await codeFor(secret);
    expect((await c.post('/api/account/two-factor/enable', { code })).statusCode).toBe(400);
    const wrong = await c.post('/api/account/two-factor/enable', { code, password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('password');
    expect((await c.get('/api/account/two-factor')).json().enabled).toBe(false);
    const on = await c.post('/api/account/two-factor/enable', { code, password: u.password });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('is no password oracle: one limit per account over every route that checks it, from any address', async () => {
    const { c, u } = await enrolled(); // turning it on was the first check
    const elsewhere = new TestClient(t.app);
    elsewhere.cookies = new Map(c.cookies);
    const guesses: [TestClient, string, Record<string, string>][] = [
      [c, '/api/account/two-factor/disable', { password: 'guess one' }],
      [elsewhere, '/api/account/two-factor/recovery-codes', { password: 'guess two' }],
      [c, '/api/account/password', { currentPassword: 'guess three', newPassword: 'a new long password' }],
      [elsewhere, '/api/account/email', { email: `x-${u.email}`, password: 'guess four' }],
      [elsewhere, '/api/account/delete', { password: 'guess five' }],
    ];
    for (let i = 0; i < 9; i++) {
      const [client, url, body] = guesses[i % guesses.length];
      expect((await client.post(url, body)).statusCode, url).toBe(400);
    }
    const right = await elsewhere.post('/api/account/two-factor/disable', { password: u.password });
    expect(right.statusCode).toBe(429);
    expect((await c.get('/api/account/two-factor')).json().enabled).toBe(true);
    t.clock.advance(15 * 60_000 + 1);
    expect((await c.post('/api/account/two-factor/disable', { password: u.password })).statusCode).toBe(200);
  });
});
