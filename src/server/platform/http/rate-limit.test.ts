import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../clock';
import { installErrorHandler } from './error-handler';
import { installRateLimit, rateLimited } from './rate-limit';

// The opt-in helper on a bare app: untouched routes are unlimited, a limited route counts per key on the
// app's clock, and a key may come from who is calling (set in an earlier preHandler, as auth does).
const clock = movableClock();
const app = Fastify();
beforeAll(async () => {
  installErrorHandler(app);
  await installRateLimit(app, { clock });
  app.addHook('preHandler', async (req) => {
    (req as unknown as { token?: string }).token = String(req.headers['x-token'] ?? 'anonymous');
  });
  app.get('/open', async () => ({ ok: true }));
  app.get(
    '/per-address',
    { config: rateLimited({ max: 2, windowMs: 60_000, message: 'Slow down.' }) },
    async () => ({ ok: true }),
  );
  app.get(
    '/per-token',
    {
      config: rateLimited({
        max: 3,
        windowMs: 10_000,
        hook: 'preHandler',
        keyGenerator: (req) => `token:${(req as unknown as { token: string }).token}`,
      }),
    },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, ip = '198.51.100.1', token?: string) =>
  app.inject({ method: 'GET', url, remoteAddress: ip, headers: token ? { 'x-token': token } : {} });

describe('rateLimited', () => {
  it('leaves routes without it alone', async () => {
    for (let i = 0; i < 30; i++) expect((await get('/open')).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After and {message, error} past the limit, per address, until the window passes', async () => {
    expect((await get('/per-address', '192.0.2.10')).statusCode).toBe(200);
    expect((await get('/per-address', '192.0.2.10')).statusCode).toBe(200);
    const refused = await get('/per-address', '192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      message: 'Slow down. Please try again in 60 seconds.',
      code: 'rate_limited',
      retryAfterSeconds: 60,
    });
    expect((await get('/per-address', '192.0.2.11')).statusCode).toBe(200);
    clock.advance(30_000);
    expect((await get('/per-address', '192.0.2.10')).headers['retry-after']).toBe('30');
    clock.advance(30_000);
    expect((await get('/per-address', '192.0.2.10')).statusCode).toBe(200);
  });

  it('counts by the given key, whatever the address', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await get('/per-token', `203.0.113.${i}`, 'alpha')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await get('/per-token', '203.0.113.1', 'beta')).statusCode).toBe(200);
  });
});
