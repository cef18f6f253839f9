import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
});
afterAll(() => t.close());

describe('API v1 rate limits', () => {
  it('limits each token on its own: 429 with Retry-After, then open again after the window', async () => {
    const u = await apiUser(t.app);
    const first = bearer(t.app, (await u.token()).token);
    const second = bearer(t.app, (await u.token()).token);
    for (let i = 0; i < 3; i++) expect((await first.get('/api/v1/lists')).statusCode).toBe(200);
    const limited = await first.get('/api/v1/lists');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many requests with this API token/);
    // Another token of the same account has its own allowance.
    expect((await second.get('/api/v1/lists')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await first.get('/api/v1/lists')).statusCode).toBe(200);
  });

  it('counts one token across every route (probe finding 3: four routes had four allowances)', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api.get('/api/v1/lists')).statusCode).toBe(200);
    expect((await api.get(`/api/v1/lists/${missing}`)).statusCode).toBe(404);
    expect((await api.get(`/api/v1/lists/${missing}/results`)).statusCode).toBe(404);
    const fourth = await api.get(`/api/v1/lists/${missing}/export`);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/Too many requests with this API token/);
  });
});
