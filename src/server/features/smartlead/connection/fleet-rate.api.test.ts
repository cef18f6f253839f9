import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { type Child, spawnChild } from '../../../../../tests/helpers/child-server';
import { waitFor } from '../../../../../tests/helpers/lists';
import {
  leads,
  namingList,
  newApiKey,
  RecordingClient,
  startSmartleadApp,
  TEST_ENCRYPTION_KEY,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';

// One Smartlead rate limit across processes (decision 0202): two `npm run worker` processes on one
// PostgreSQL database send four campaigns of the same API key at once. Smartlead allows 10 requests per
// 2 s per key (the fake enforces it and counts its 429s): each process alone keeps to it, and together
// they keep to it too, so Smartlead never has to refuse one. PostgreSQL only (`npm run test:pg`).
const url = process.env.TEST_DATABASE_URL;
const CAMPAIGNS = 4;
const LEADS = 500; // 5 batches each

describe.runIf(url)('two worker processes sharing one Smartlead key', () => {
  let fake: FakeSmartlead;
  let t: TestApp;
  const workers: Child[] = [];

  beforeAll(async () => {
    ({ t, fake } = await startSmartleadApp({ fake: {} })); // 10 requests per 2 s per key, as documented
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await t?.close();
    await fake?.close();
  });

  it('never exceeds the key’s limit together: every lead arrives and Smartlead answers no 429', async () => {
    const c = new RecordingClient(t.app);
    const user = await c.register();
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    await c.post('/api/smartlead/settings', { apiKey });
    // The campaigns are created (a few calls from this process), and their sends queued for the workers.
    const ids: string[] = [];
    for (let i = 0; i < CAMPAIGNS; i++) {
      const res = await c.post(
        '/api/smartlead/create-campaign',
        await namingList(t, user.id, {
          bounceBudget: 100,
          campaignName: `Fleet ${i} ${Date.now()}`,
          emails: leads(LEADS, `fleet${i}`),
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
      await new Promise((r) => setTimeout(r, 500));
    }
    // This process's own calls leave the window before the workers start.
    await new Promise((r) => setTimeout(r, 2_500));
    const before = fake.counters.rateLimited;
    const env = {
      DATABASE_URL: url as string,
      SMARTLEAD_API_URL: fake.url,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      LOG_LEVEL: 'info',
    };
    for (let i = 0; i < 2; i++) workers.push(spawnChild('src/server/worker.ts', env));

    const done = await waitFor(
      async () => Promise.all(ids.map(async (id) => (await c.get(`/api/smartlead/sends/${id}`)).json())),
      (ss) => ss.every((s) => s.state === 'completed' || s.state === 'failed'),
      120_000,
    );
    const logs = workers.map((w) => w.output());
    for (const s of done)
      expect(s, logs.join('\n')).toMatchObject({ state: 'completed', leadsProcessed: LEADS });
    // Both processes sent (the limit was shared, not one process doing everything).
    for (const log of logs) expect(log).toContain('smartlead send');
    expect(fake.counters.rateLimited - before).toBe(0);
  }, 180_000);
});
