import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { SESSION_COOKIE } from './sessions';

// Failed sign-in limits (decision 0005). The request-rate limit on /api/login is lifted here so that only
// the failure limiter answers.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_MAX_FAILURES: '5',
      LOGIN_WINDOW_MINUTES: '15',
      LOGIN_USER_MAX_FAILURES: '12',
      LOGIN_USER_WINDOW_MINUTES: '60',
      RATE_LIMIT_LOGIN_MAX: '100000',
    },
  });
});
afterAll(() => t.close());

let octet = 0;
/** A client on a fresh address of its own (IPv4 or, every other call, an IPv6 /64 of its own). */
const elsewhere = () => {
  octet += 1;
  return new TestClient(
    t.app,
    octet % 2 ? `203.0.${113 + (octet >> 8)}.${octet & 255}` : `2001:db8:${octet}::7`,
  );
};
const login = (c: TestClient, username: string, password: string) =>
  c.post('/api/login', { username, password });

/** A user registered (and so signed in once) from `home`, then signed out. */
async function victim() {
  const home = new TestClient(t.app);
  const u = await home.register();
  await home.post('/api/logout');
  return { home, u };
}

describe('failed sign-in limiter', () => {
  it('lets at most LOGIN_MAX_FAILURES of 50 parallel wrong passwords (one user, one address) be checked', async () => {
    const { home, u } = await victim();
    const attacker = elsewhere();
    await attacker.get('/api/csrf');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => login(attacker, u.username, 'wrong-guess')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ (minutes|seconds?) and try again\.$/,
    );

    // The attacker's address stays locked even with the right password; the owner at home is not.
    expect((await login(attacker, u.username, u.password)).statusCode).toBe(429);
    const res = await login(home, u.username, u.password);
    expect(res.statusCode).toBe(200);
    expect(home.cookies.has(SESSION_COOKIE)).toBe(true);
  });

  it('the owner signs in from their usual address while attackers elsewhere exhaust the username', async () => {
    const { home, u } = await victim();
    // Spread over many addresses (a botnet): each stays under its own lock-out. The clock moves on by the
    // progressive delay between guesses; after 12 failures the username ceiling holds for the window.
    let checked = 0;
    for (let i = 0; i < 40 && checked < 12; i++) {
      const res = await login(elsewhere(), u.username, `guess-${i}`);
      if (res.statusCode === 401) checked++;
      else {
        // A progressive delay (seconds), not yet the ceiling: wait it out.
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        t.clock.advance(Number(res.headers['retry-after']) * 1000);
      }
    }
    expect(checked).toBe(12);
    const fresh = await login(elsewhere(), u.username, u.password);
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(60);

    expect((await login(home, u.username, 'owner-typo')).statusCode).toBe(401);
    expect((await login(home, u.username, u.password)).statusCode).toBe(200);
    // IPv6 privacy addresses of the same /64 are the same home.
    const v6home = new TestClient(t.app, '2001:db8:aaaa:1::10');
    const v6 = await v6home.register();
    await v6home.post('/api/logout');
    for (let i = 0; i < 25; i++) {
      const r = await login(elsewhere(), v6.username, 'nope-nope');
      if (r.statusCode === 429) t.clock.advance(Number(r.headers['retry-after']) * 1000);
    }
    const sameSlash64 = new TestClient(t.app, '2001:db8:aaaa:1:1234:5678:9abc:def0');
    expect((await login(sameSlash64, v6.username, v6.password)).statusCode).toBe(200);
  }, 90_000); // dozens of memory-hard password checks: slow on a busy machine, not a measure of speed

  it('slows guesses on one username progressively once LOGIN_MAX_FAILURES have failed', async () => {
    const { u } = await victim();
    for (let i = 0; i < 5; i++)
      expect((await login(elsewhere(), u.username, 'nope-nope')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const early = await login(elsewhere(), u.username, 'nope-nope');
      expect(early.statusCode).toBe(429);
      const wait = Number(early.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000 - 200);
      expect((await login(elsewhere(), u.username, 'nope-nope')).statusCode).toBe(429);
      t.clock.advance(200);
      expect((await login(elsewhere(), u.username, 'nope-nope')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
  });

  it('failures on many accounts from one address never lock out other users behind it', async () => {
    const office = elsewhere();
    for (let n = 0; n < 6; n++) {
      const { u } = await victim();
      for (let i = 0; i < 6; i++) await login(office, u.username, 'spray-123');
    }
    for (let i = 0; i < 10; i++) await login(office, uniqueName('ghost'), 'spray-123');
    // A colleague who never signed in from the office before.
    const { u: colleague } = await victim();
    const desk = new TestClient(t.app, office.ip);
    expect((await login(desk, colleague.username, colleague.password)).statusCode).toBe(200);
  });

  it('a right password clears the lock-out count of its address; the window passing does too', async () => {
    const { home, u } = await victim();
    for (let i = 0; i < 4; i++) expect((await login(home, u.username, 'typo-typo')).statusCode).toBe(401);
    expect((await login(home, u.username, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(home, u.username, 'typo-typo')).statusCode).toBe(401);
    expect((await login(home, u.username, u.password)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(home, u.username, u.password)).statusCode).toBe(200);
  });
});
