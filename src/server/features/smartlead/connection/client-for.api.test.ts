import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import {
  newApiKey,
  signUpWithKey,
  startSmartleadApp,
  stopSmartleadApp,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import { NO_KEY_MESSAGE } from '../../../../shared/smartlead';
import { smartleadSettings } from '../schema';
import { RETRY_POLICIES } from './client';
import { type SmartleadCaller, smartleadClientFor } from './client-for';

// The one factory of Smartlead clients: the workspace's key, its product name, and the retry policy of
// the caller (a person waiting, or a job).
describe('smartleadClientFor', () => {
  let t: TestApp;
  let fake: FakeSmartlead;
  beforeAll(async () => {
    ({ t, fake } = await startSmartleadApp());
  });
  afterAll(() => stopSmartleadApp(t, fake));

  const sleeps: number[] = [];
  const clientOf = (workspaceId: string, caller: SmartleadCaller) =>
    smartleadClientFor({
      db: t.database.db,
      config: t.config,
      workspaceId,
      caller,
      now: t.clock(),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });

  it('has two retry policies: a person gets an answer quickly, a job rides out an outage', () => {
    expect(RETRY_POLICIES).toEqual({
      interactive: { rateLimit: 1, server: 1 },
      background: { rateLimit: 8, server: 4 },
    });
  });

  it("calls with the workspace's decrypted key, and refuses a workspace without one", async () => {
    const { user, apiKey } = await signUpWithKey(t, fake);
    fake.counters.keysSeen.clear();
    await (await clientOf(user.id, 'background')).listCampaigns();
    expect([...fake.counters.keysSeen]).toEqual([apiKey]);

    const { user: other } = await signUpWithKey(t, fake);
    // The second workspace's key removed: the factory answers the usual message.
    await t.database.db.delete(smartleadSettings).where(eq(smartleadSettings.workspaceId, other.id));
    await expect(clientOf(other.id, 'interactive')).rejects.toMatchObject({ message: NO_KEY_MESSAGE });
  });

  it("names the workspace's product in the User-Agent: Verilead, or a White Label workspace's name", async () => {
    const plain = await signUpWithKey(t, fake);
    fake.counters.userAgents.clear();
    await (await clientOf(plain.user.id, 'interactive')).listCampaigns();
    expect([...fake.counters.userAgents]).toEqual(['Verilead/1.0']);

    const c = new TestClient(t.app);
    const branded = await c.register({ plan: 'whitelabel' });
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    expect((await c.post('/api/smartlead/settings', { apiKey })).statusCode).toBe(200);
    const product = `Acme ${Math.random().toString(36).slice(2, 8)}`;
    expect((await c.request('PUT', '/api/branding', { productName: product })).statusCode).toBe(200);
    fake.counters.userAgents.clear();
    for (const caller of ['interactive', 'background'] as const) {
      await (await clientOf(branded.id, caller)).listCampaigns();
    }
    expect([...fake.counters.userAgents]).toEqual([`${product.replace(' ', '-')}/1.0`]);
  });

  it('retries a 5xx once for a person, four times with back-off for a job', async () => {
    const { user } = await signUpWithKey(t, fake);
    const path = /^\/campaigns$/;

    fake.inject({ status: 503, times: 2, path });
    let before = fake.counters.requests;
    await expect((await clientOf(user.id, 'interactive')).listCampaigns()).rejects.toMatchObject({
      kind: 'server',
    });
    expect(fake.counters.requests - before).toBe(2);

    fake.inject({ status: 503, times: 4, path });
    sleeps.length = 0;
    before = fake.counters.requests;
    await expect((await clientOf(user.id, 'background')).listCampaigns()).resolves.toEqual([]);
    expect(fake.counters.requests - before).toBe(5);
    expect(sleeps).toEqual(expect.arrayContaining([500, 1_000, 2_000, 4_000]));
  });

  it('waits out one 429 for a person before giving up, eight for a job', async () => {
    const { user } = await signUpWithKey(t, fake);
    const path = /^\/campaigns$/;

    fake.inject({ status: 429, times: 2, path, retryAfter: '1' });
    let before = fake.counters.requests;
    await expect((await clientOf(user.id, 'interactive')).listCampaigns()).rejects.toMatchObject({
      kind: 'rate_limit',
    });
    expect(fake.counters.requests - before).toBe(2);

    fake.inject({ status: 429, times: 8, path, retryAfter: '1' });
    before = fake.counters.requests;
    await expect((await clientOf(user.id, 'background')).listCampaigns()).resolves.toEqual([]);
    expect(fake.counters.requests - before).toBe(9);
  });
});
