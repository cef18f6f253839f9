import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Request-rate limits on the unauthenticated, costly routes (per client address), with default settings.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (c: TestClient, username = uniqueName()) =>
  c.post('/api/apply', {
    username,
    email: `${username}@example.com`,
    password: 'secret1234',
    plan: 'hobbyist',
  });

describe('sign-up flood', () => {
  it('lets the configured number of accounts through per address, then 429 with Retry-After', async () => {
    const max = t.config.RATE_LIMIT_SIGNUP_MAX;
    const attacker = new TestClient(t.app);
    await attacker.get('/api/csrf');
    const names = Array.from({ length: max + 8 }, () => uniqueName('flood'));
    const results = await Promise.all(names.map((n) => signUp(attacker, n)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(max);
    expect(codes.filter((c) => c === 429)).toHaveLength(8);

    const refused = results.find((r) => r.statusCode === 429)!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.RATE_LIMIT_SIGNUP_WINDOW_MINUTES * 60);
    expect(refused.json()).toMatchObject({ retryAfterSeconds: retryAfter });
    expect(refused.json().message).toMatch(
      /^Too many accounts created from this address\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused.json()).not.toHaveProperty('error');

    // A refused sign-up created nothing: its username is still free to sign in with... nothing.
    const refusedName = names[codes.indexOf(429)];
    const probe = new TestClient(t.app);
    expect(
      (await probe.post('/api/login', { username: refusedName, password: 'secret1234' })).statusCode,
    ).toBe(401);

    // Another address is not affected.
    expect((await signUp(new TestClient(t.app))).statusCode).toBe(201);

    // Once the window has passed the address may sign up again.
    t.clock.advance(t.config.RATE_LIMIT_SIGNUP_WINDOW_MINUTES * 60_000 + 1000);
    expect((await signUp(attacker)).statusCode).toBe(201);
  });

  it('limits sign-in requests per address (each one costs a password hash)', async () => {
    const max = t.config.RATE_LIMIT_LOGIN_MAX;
    const c = new TestClient(t.app);
    await c.get('/api/csrf');
    const results = await Promise.all(
      Array.from({ length: max + 3 }, () =>
        c.post('/api/login', { username: uniqueName(), password: 'x'.repeat(8) }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 429)).toHaveLength(3);
    expect(codes.filter((s) => s === 401)).toHaveLength(max);
    expect(Number(results[codes.indexOf(429)].headers['retry-after'])).toBeGreaterThan(0);
  });
});
