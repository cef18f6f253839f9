import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { createSmartleadClient, SmartleadError } from './client';
import { limiterFor, SlidingWindowLimiter } from './rate-limit';
import { bodyRetryAfter, parseRetryAfter } from './retry-after';

describe('smartlead client', () => {
  let fake: FakeSmartlead;
  beforeAll(async () => {
    // The documented limit: 10 requests per 2 seconds per key.
    fake = await startFakeSmartlead({ apiKeys: ['k-ok', 'k-burst'] });
  });
  afterAll(() => fake.close());

  it('keeps to the documented rate limit on its own: at most 10 departures in any 2 s (25 back-to-back calls)', async () => {
    // The limiter runs on a clock that moves only when it waits (each wait lets the event loop turn), so
    // the test checks every departure time without waiting out the windows for real.
    let now = 0;
    const limiter = new SlidingWindowLimiter(
      10,
      2_200,
      () => now,
      async (ms) => {
        const until = now + ms;
        await new Promise((resolve) => setImmediate(resolve));
        now = Math.max(now, until);
      },
    );
    // Departures are taken where they leave (the moment fetch is called), on the limiter's clock. The
    // answers come from here: the fake counts its own limit in real time, which this clock runs ahead of.
    const departures: number[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => {
      departures.push(now);
      await new Promise((resolve) => setImmediate(resolve));
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      const client = createSmartleadClient({ baseUrl: fake.url, apiKey: 'k-ok', limiter });
      const results = await Promise.all(Array.from({ length: 25 }, () => client.listCampaigns()));
      expect(results).toHaveLength(25);
    } finally {
      globalThis.fetch = realFetch;
    }
    const sorted = departures.sort((a, b) => a - b);
    expect(sorted.length).toBeGreaterThanOrEqual(25);
    for (let i = 10; i < sorted.length; i++)
      expect(sorted[i]! - sorted[i - 10]!).toBeGreaterThanOrEqual(2_000);
  });

  it("keeps to the key's own limit from Smartlead's rate-limit headers, so no 429 comes back", async () => {
    // A limiter far looser than the key's plan: only X-RateLimit-Remaining / -Reset can hold it back.
    const limiter = new SlidingWindowLimiter(1_000, 1_000);
    const client = createSmartleadClient({ baseUrl: fake.url, apiKey: 'k-ok', limiter });
    const refused = fake.counters.rateLimited;
    for (let i = 0; i < 12; i++) await client.listCampaigns();
    expect(fake.counters.rateLimited).toBe(refused);
  });

  it('takes the wait from the documented 429 body when there is no Retry-After header', () => {
    const text = JSON.stringify({ error: { code: 'RATE_LIMIT_EXCEEDED', retry_after: 30 } });
    expect(parseRetryAfter(bodyRetryAfter(text))).toBe(30_000);
  });

  it('waits out a 429 using Retry-After and then succeeds', async () => {
    // A limiter on a clock that moves only when it waits: the test sees every wait without sleeping.
    let now = 0;
    const waits: number[] = [];
    const limiter = new SlidingWindowLimiter(
      10,
      2_200,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    const client = createSmartleadClient({ baseUrl: fake.url, apiKey: 'k-burst', limiter });
    fake.inject({ status: 429, times: 2, retryAfter: '1', path: /^\/campaigns$/ });
    await expect(client.listCampaigns()).resolves.toEqual([]);
    expect(waits).toEqual([1_000, 1_000]);
  });

  it("counts a caller's sleep that returns at once as the wait having passed (tests skip waits)", async () => {
    const limiter = new SlidingWindowLimiter(2, 2_200);
    const asked: number[] = [];
    const skip = async (ms: number) => {
      asked.push(ms);
    };
    for (let i = 0; i < 3; i++) (await limiter.acquire(skip))();
    limiter.pause(5_000);
    (await limiter.acquire(skip))();
    // The third request waited for the window, the fourth for the pause; neither waited for real.
    expect(asked).toHaveLength(2);
    expect(asked[0]).toBeGreaterThan(2_000);
    expect(asked[1]).toBeGreaterThan(4_900);
  });

  it('turns refused keys and a full lead batch into typed errors', async () => {
    const bad = createSmartleadClient({ baseUrl: fake.url, apiKey: 'nope' });
    await expect(bad.listCampaigns()).rejects.toMatchObject({ kind: 'auth', status: 401 });
    const ok = createSmartleadClient({ baseUrl: fake.url, apiKey: 'k-ok' });
    const { id } = await ok.createCampaign('Limit test');
    const leads = Array.from({ length: 101 }, (_, i) => ({ email: `l${i}@example.com` }));
    const err = await ok.addLeads(id, leads).catch((e) => e);
    expect(err).toBeInstanceOf(SmartleadError);
    expect(err.kind).toBe('bad_request');
    expect(err.message).toMatch(/at most 100 leads/);
    // No message ever carries the URL (and so the key).
    expect(err.message).not.toContain('k-ok');
  });

  it('reads Retry-After as seconds or an HTTP date, with a default and a cap', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(new Date(now + 5_000).toUTCString(), now)).toBe(5_000);
    expect(parseRetryAfter(null, now)).toBe(2_000);
    expect(parseRetryAfter('3600', now)).toBe(60_000);
  });

  it('shares one limiter per key (and the map is keyed by a hash, not the key)', () => {
    expect(limiterFor('same')).toBe(limiterFor('same'));
    expect(limiterFor('same')).not.toBe(limiterFor('other'));
  });
});
