import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { TestClient, uniqueName } from '../../../../tests/helpers/client';
import { waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { SESSION_COOKIE } from './sessions';

// Sign-up answers a taken address as it answers a new one (decision 0830): the same 201 and body shape,
// no "already exists", but no session either, and the address's owner is told by mail.
let t: TestApp;
let relay: FakeSmtp;
beforeAll(async () => {
  relay = await startFakeSmtp({ host: '127.0.0.47', catchAll: true, acceptData: true });
  t = await createTestApp({
    env: { SMTP_RELAY_URL: `smtp://127.0.0.47:${relay.port}`, PUBLIC_URL: 'https://app.example.test' },
  });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

const apply = (c: TestClient, email: string, username = uniqueName()) =>
  c.post('/api/apply', { username, email, password: 'secret1234', plan: 'hobbyist' });

describe('sign-up with an address that has an account', () => {
  it('answers as for a new address, signs nobody in, creates nothing and mails the owner', async () => {
    const owner = new TestClient(t.app);
    const u = await owner.register();
    const fresh = await apply(new TestClient(t.app), `fresh-${u.email}`);
    expect(fresh.statusCode).toBe(201);

    const c = new TestClient(t.app);
    const name = uniqueName();
    const taken = await apply(c, u.email.toUpperCase(), name);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(taken.json()).toMatchObject({ username: name, email: u.email.toUpperCase(), lastName: null });
    expect(taken.json().id).not.toBe(u.id);
    expect(taken.body).not.toMatch(/exists/i);
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get('/api/user')).statusCode).toBe(401);
    const rows = await t.database.raw.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [name]);
    expect(rows).toEqual([]);

    const [mail] = await waitFor(
      async () => relay.stats.messages.filter((m) => m.to.join().toLowerCase().includes(u.email)),
      (m) => m.length === 1,
    );
    expect(mail.text).toMatch(/Someone tried to sign up with your address/);
    expect(mail.text).toContain('https://app.example.test/auth');
    // The owner's account is as it was.
    expect((await owner.get('/api/user')).statusCode).toBe(200);
    const again = new TestClient(t.app);
    expect((await again.post('/api/login', { username: u.username, password: u.password })).statusCode).toBe(
      200,
    );
  });
});
