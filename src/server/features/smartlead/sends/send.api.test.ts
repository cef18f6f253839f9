import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../../../../../tests/fakes/smartlead';
import {
  leads,
  namingList,
  newApiKey,
  RecordingClient,
  stopSmartleadApp,
  TEST_ENCRYPTION_KEY,
  until,
} from '../../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { realSleep } from '../../../platform/retry';

// A big send through the queue (workers on): Smartlead answers 429s and fails once mid-way, and
// still every lead arrives exactly once.
describe('smartlead send job', () => {
  let t: TestApp;
  let fake: FakeSmartlead;
  const sleeps: number[] = [];

  beforeAll(async () => {
    // The app's waits (Retry-After, back-off) are cut short here, so its limiter's clock runs ahead of
    // the fake's real-time window: the fake's own limit is lifted and the 429s are injected ones (the
    // same answers, at a known place); the client's pacing is client.test.ts's.
    fake = await startFakeSmartlead({ rateLimit: { limit: 1_000, windowMs: 1_000 } });
    t = await createTestApp({
      work: true,
      env: { SMARTLEAD_API_URL: fake.url, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY },
      // Waits are cut short rather than skipped: a send paused by a 429 must show its progress so far.
      sleep: (ms) => {
        sleeps.push(ms);
        return realSleep(Math.min(ms, 300));
      },
    });
  });
  afterAll(() => stopSmartleadApp(t, fake));

  it('sends 1,200 leads through 429s and a 500 mid-way, each exactly once, with progress', async () => {
    const c = new RecordingClient(t.app);
    const user = await c.register();
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    await c.post('/api/smartlead/settings', { apiKey });

    const name = `Big ${Date.now()}`;
    fake.inject({ status: 500, times: 1, after: 5, path: /^\/campaigns\/\d+\/leads$/ });
    fake.inject({ status: 429, times: 2, after: 2, path: /^\/campaigns\/\d+\/leads$/, retryAfter: '1' });
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, { bounceBudget: 100, campaignName: name, emails: leads(1_200) }),
      { 'idempotency-key': `big-${Date.now()}` },
    );
    expect(res.statusCode).toBe(201);
    const { id, smartlead_id: remoteId } = res.json();

    const seen = new Set<number>();
    const done = await until(
      async () => (await c.get(`/api/smartlead/sends/${id}`)).json(),
      (p) => {
        seen.add(p.batchesDone);
        return p.state === 'completed' || p.state === 'failed';
      },
    );
    expect(done).toMatchObject({
      state: 'completed',
      batchCount: 12,
      batchesDone: 12,
      added: 1_200,
      error: null,
    });
    // Progress was visible on the way (not one jump from 0 to 12).
    expect(seen.size).toBeGreaterThan(2);
    // The injected failures (one 500, then two 429s in a row) each happened and were survived.
    expect(fake.counters.injected).toBe(3);
    expect(fake.counters.createCalls).toBe(1);
    const arrivals = [...fake.counters.arrivals].filter(([k]) => k.startsWith(`${remoteId}:`));
    expect(arrivals).toHaveLength(1_200);
    expect(arrivals.every(([, n]) => n === 1)).toBe(true);
    expect(fake.campaigns.get(remoteId)!.leads.size).toBe(1_200);

    const list = (await c.get('/api/smartlead/campaigns')).json();
    expect(list[0]).toMatchObject({ id, name, total_leads: 1_200, send: { state: 'completed' } });
  });

  it('when Smartlead stays down longer than the client retries, the queued job resumes later', async () => {
    const c = new RecordingClient(t.app);
    const user = await c.register();
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    await c.post('/api/smartlead/settings', { apiKey });
    // Five 503s in a row outlast the client's own retries: the job gives up, the queue runs it again.
    fake.inject({ status: 503, times: 5, after: 2, path: /^\/campaigns\/\d+\/leads$/ });
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: `Down ${Date.now()}`,
        emails: leads(450),
      }),
    );
    const { id, smartlead_id: remoteId } = res.json();
    const interrupted = await until(
      async () => (await c.get(`/api/smartlead/sends/${id}`)).json(),
      (p) => typeof p.error === 'string' || (p.state !== 'queued' && p.state !== 'sending'),
    );
    expect(interrupted).toMatchObject({ state: 'sending', batchesDone: 2 });
    expect(interrupted.error).toMatch(/Retrying automatically/);
    // The client backed off (doubling) through the injected sleep before handing the job back to the queue.
    expect(sleeps).toEqual(expect.arrayContaining([500, 1_000, 2_000, 4_000]));
    const done = await until(
      async () => (await c.get(`/api/smartlead/sends/${id}`)).json(),
      (p) => p.state === 'completed' || p.state === 'failed',
    );
    expect(done).toMatchObject({ state: 'completed', batchesDone: 5, added: 450, error: null });
    const arrivals = [...fake.counters.arrivals].filter(([k]) => k.startsWith(`${remoteId}:`));
    expect(arrivals).toHaveLength(450);
    expect(arrivals.every(([, n]) => n === 1)).toBe(true);
  });
});
