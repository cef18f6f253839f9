import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { freePortUrl } from '../../../../../tests/fakes/smartlead-port';
import {
  newApiKey,
  RecordingClient,
  startSmartleadApp,
  stopSmartleadApp,
  TEST_ENCRYPTION_KEY,
} from '../../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { API_KEY_MASK, NO_KEY_MESSAGE } from '../../../../shared/smartlead';
import { decryptSecret } from '../../../platform/crypto/secret-box';
import { smartleadSettings } from '../schema';

describe('smartlead settings and connection test', () => {
  let t: TestApp;
  let fake: FakeSmartlead;
  const keysUsed: string[] = [];

  beforeAll(async () => {
    ({ t, fake } = await startSmartleadApp({ fake: {} }));
  });
  afterAll(() => stopSmartleadApp(t, fake));

  async function userWithKey(opts: { valid?: boolean } = {}) {
    const c = new RecordingClient(t.app);
    const user = await c.register();
    const apiKey = newApiKey();
    keysUsed.push(apiKey);
    if (opts.valid !== false) fake.apiKeys.add(apiKey);
    const res = await c.post('/api/smartlead/settings', { apiKey });
    expect(res.statusCode).toBe(200);
    return { c, user, apiKey };
  }

  it('requires a signed-in user', async () => {
    const c = new RecordingClient(t.app);
    expect((await c.get('/api/smartlead/settings')).statusCode).toBe(401);
    expect((await c.post('/api/smartlead/settings', { apiKey: 'x' })).statusCode).toBe(401);
    expect((await c.post('/api/smartlead/test')).statusCode).toBe(401);
  });

  it('starts unconfigured and says so plainly when testing without a key', async () => {
    const c = new RecordingClient(t.app);
    await c.register();
    expect((await c.get('/api/smartlead/settings')).json()).toEqual({
      hasApiKey: false,
      lastTested: null,
      accountInfo: null,
    });
    const res = await c.post('/api/smartlead/test');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_KEY_MESSAGE);
  });

  it('saves the key sealed (no plaintext in the database) and reports it configured', async () => {
    const { c, user, apiKey } = await userWithKey();
    const settings = (await c.get('/api/smartlead/settings')).json();
    expect(settings).toEqual({ hasApiKey: true, lastTested: null, accountInfo: null });

    const [row] = await t.database.db
      .select()
      .from(smartleadSettings)
      .where(eq(smartleadSettings.workspaceId, user.id));
    expect(row!.apiKeySealed).not.toContain(apiKey);
    expect(row!.apiKeySealed.startsWith('v1:')).toBe(true);
    const dump = await t.database.raw.query('SELECT * FROM smartlead_settings');
    expect(JSON.stringify(dump)).not.toContain(apiKey);
    // It opens only with its owner's context.
    const open = (context: string) =>
      decryptSecret({ config: t.config, ciphertext: row!.apiKeySealed, context });
    expect(open(`smartlead-api-key:${user.id}`)).toBe(apiKey);
    expect(() => open('smartlead-api-key:someone-else')).toThrow();
  });

  it('refuses an empty or masked key and keeps the saved one', async () => {
    const { c } = await userWithKey();
    for (const apiKey of ['', '   ', API_KEY_MASK, '••••', '********']) {
      const res = await c.post('/api/smartlead/settings', { apiKey });
      expect(res.statusCode, apiKey).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    // The original key is still the one used.
    expect((await c.post('/api/smartlead/test')).statusCode).toBe(200);
  });

  it('tests the connection and records when', async () => {
    const { c } = await userWithKey();
    const before = fake.counters.requests;
    const res = await c.post('/api/smartlead/test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, hasApiKey: true });
    expect(fake.counters.requests).toBe(before + 1);
    const settings = (await c.get('/api/smartlead/settings')).json();
    expect(settings.lastTested).toBe(t.clock().toISOString());
  });

  it('a key Smartlead rejects gets its own message, and lastTested stays empty', async () => {
    const { c } = await userWithKey({ valid: false });
    const res = await c.post('/api/smartlead/test');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Smartlead rejected the API key \(HTTP 401\)/);
    expect((await c.get('/api/smartlead/settings')).json().lastTested).toBeNull();
  });

  it('a rate limit gets its own message', async () => {
    const { c } = await userWithKey();
    fake.inject({ status: 429, times: 2, retryAfter: '1', path: /^\/campaigns$/ });
    const res = await c.post('/api/smartlead/test');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/rate limit/);
  });

  it('a Smartlead outage gets its own message', async () => {
    const { c } = await userWithKey();
    fake.inject({ status: 503, times: 2, path: /^\/campaigns$/ });
    const res = await c.post('/api/smartlead/test');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Smartlead is having problems right now \(HTTP 503\)/);
  });

  it('an unreachable API gets its own message', async () => {
    const other = await createTestApp({
      env: { SMARTLEAD_API_URL: await freePortUrl(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY },
    });
    try {
      const c = new RecordingClient(other.app);
      await c.register();
      const apiKey = newApiKey();
      keysUsed.push(apiKey);
      await c.post('/api/smartlead/settings', { apiKey });
      const res = await c.post('/api/smartlead/test');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Could not reach the Smartlead API/);
    } finally {
      await other.close();
    }
  });

  it('keeps each user’s settings to themselves', async () => {
    await userWithKey();
    const stranger = new RecordingClient(t.app);
    await stranger.register();
    expect((await stranger.get('/api/smartlead/settings')).json().hasApiKey).toBe(false);
  });

  it('never returned a key in any response of this suite', () => {
    expect(keysUsed.length).toBeGreaterThan(5);
    const all = RecordingClient.transcript.join('\n');
    expect(RecordingClient.transcript.length).toBeGreaterThan(20);
    for (const key of keysUsed) expect(all).not.toContain(key);
  });
});
