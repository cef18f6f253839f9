import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A signed-in client with a valid CSRF token: only the Origin header decides.
const HOST = 'app.verilead.test';
const post = (c: TestClient, origin: string) => c.post('/api/logout', undefined, { host: HOST, origin });

describe('Origin check', () => {
  it.each([
    'foo',
    'null',
    '',
    'http://',
    'https://',
    '://app.verilead.test',
    'app.verilead.test',
    'javascript:alert(1)',
    'file:///etc/passwd',
    `ftp://${HOST}`,
    `http://${HOST}/path`,
    `http://${HOST}?q=1`,
    `http://user@${HOST}`,
    `http://${HOST}, https://evil.example`,
    'http://[::1',
    'http://%zz',
    'https://evil.example',
    `https://${HOST}.evil.example`,
  ])('refuses Origin %j with 403, never 500', async (origin) => {
    const c = new TestClient(t.app);
    await c.register();
    const res = await post(c, origin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused.', code: 'forbidden' });
  });

  it('accepts the same origin (any scheme of http/https, any case) and no Origin at all', async () => {
    const c = new TestClient(t.app);
    await c.register();
    expect((await post(c, `http://${HOST}`)).statusCode).toBe(200);
    expect((await post(c, `HTTPS://${HOST.toUpperCase()}`)).statusCode).toBe(200);
    expect((await c.post('/api/logout', undefined, { host: HOST })).statusCode).toBe(200);
  });
});
