import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { callTool, connectMcp, listenOnLoopback } from '../../../../tests/helpers/mcp';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// What automation tools read from API v1 (issue 43): the standard RateLimit-* headers on every answer,
// 429 with Retry-After, the credits left, bulk JSON bodies of 5,000 rows, and one allowance per token
// shared with the MCP server.

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '6' } });
  url = `${await listenOnLoopback(t.app)}/mcp`;
});
afterAll(() => t.close());

describe('API v1 for automation tools', () => {
  it('answers RateLimit-Limit, -Remaining and -Reset on every answer, then 429 with Retry-After', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const ok = await api.get('/api/v1/lists');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['ratelimit-limit']).toBe('6');
    expect(ok.headers['ratelimit-remaining']).toBe('5');
    expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(ok.headers['x-ratelimit-limit']).toBeUndefined();
    const missing = await api.get('/api/v1/lists/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['ratelimit-remaining']).toBe('4');
    const unknown = await bearer(t.app, 'vl_nope').get('/api/v1/lists');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['ratelimit-limit']).toBe('6');
    for (let i = 0; i < 4; i++) await api.get('/api/v1/lists');
    const limited = await api.get('/api/v1/lists');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    t.clock.advance(61_000);
  });

  it('says the credits left this month on every answer to a recognised token', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const before = await api.get('/api/v1/lists');
    // White Label (the plan with API access) sets no monthly limit on lists or finds.
    expect(before.headers['x-credits-remaining']).toBe('unlimited');
    expect(before.headers['x-finds-remaining']).toBe('unlimited');
    expect(Date.parse(String(before.headers['x-credits-reset']))).toBeGreaterThan(t.clock().getTime());
    const created = await api.post('/api/v1/lists', { emails: ['a@example.com'] });
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-credits-remaining']).toBe('unlimited');
    expect(
      (await bearer(t.app, 'vl_nope').get('/api/v1/lists')).headers['x-credits-remaining'],
    ).toBeUndefined();
    t.clock.advance(61_000);
  });

  it('takes JSON bulk bodies of 5,000 rows for lists and finds', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const emails = Array.from({ length: 5_000 }, (_, i) => `person.number${i}@example-company-${i % 50}.com`);
    const list = await api.post('/api/v1/lists', { name: 'Bulk', emails });
    expect(list.statusCode).toBe(201);
    expect(list.json().counts.total).toBe(5_000);
    const people = Array.from({ length: 5_000 }, (_, i) => ({
      firstName: `Firstname${i}`,
      lastName: `Lastname-with-a-long-name-${i}`,
      company: `https://www.example-company-${i % 50}.com/about/the/team`,
    }));
    const find = await api.post('/api/v1/finds', { name: 'Bulk', people });
    expect(find.statusCode, find.body).toBe(201);
    expect(find.json().job.total).toBe(5_000);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.info.description).toContain('RateLimit-Remaining');
    expect(doc.info.description).toContain('X-Credits-Remaining');
    expect(doc.info.description).toContain('5,000 rows');
    t.clock.advance(61_000);
  });

  it('counts one token once across API v1 and the MCP server', async () => {
    const u = await apiUser(t.app);
    const { token } = await u.token();
    const api = bearer(t.app, token);
    expect((await api.get('/api/v1/lists')).statusCode).toBe(200);
    // initialize, notifications/initialized, then one call: three requests of the same allowance.
    const client = await connectMcp(url, { token });
    expect((await callTool(client, 'get_usage')).isError).toBe(false);
    expect((await api.get('/api/v1/lists')).headers['ratelimit-remaining']).toBe('1');
    expect((await api.get('/api/v1/lists')).statusCode).toBe(200);
    await expect(callTool(client, 'get_usage')).rejects.toThrow(/Too many requests with this API token/);
    await client.close();
  });
});
