import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import {
  leads,
  namingList,
  newApiKey,
  RecordingClient,
  seedVerifiedUpload,
  startSmartleadApp,
  stopSmartleadApp,
  workSend,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import { NO_KEY_MESSAGE } from '../../../../shared/smartlead';
import { workspaces } from '../../workspaces/schema';
import { smartleadCampaigns, smartleadSendBatches } from '../schema';

const APP_URL = 'https://app.smartlead.test';

describe('smartlead campaigns: create, send, list', () => {
  let t: TestApp;
  let fake: FakeSmartlead;
  const keysUsed: string[] = [];

  beforeAll(async () => {
    ({ t, fake } = await startSmartleadApp({ fake: {}, env: { SMARTLEAD_APP_URL: APP_URL } }));
  });
  afterAll(() => stopSmartleadApp(t, fake));

  async function userWithKey(opts: { valid?: boolean } = {}) {
    const c = new RecordingClient(t.app);
    const user = await c.register();
    const apiKey = newApiKey();
    keysUsed.push(apiKey);
    if (opts.valid !== false) fake.apiKeys.add(apiKey);
    expect((await c.post('/api/smartlead/settings', { apiKey })).statusCode).toBe(200);
    return { c, user, apiKey };
  }
  const work = (campaignId: string) => workSend(t, campaignId);

  it('requires a key before sending, with the documented message', async () => {
    const c = new RecordingClient(t.app);
    const user = await c.register();
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, { bounceBudget: 100, campaignName: 'x', emails: leads(1) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_KEY_MESSAGE);
    expect((await c.get('/api/smartlead/campaigns')).json()).toEqual([]);
  });

  it('validates the payload', async () => {
    const { c, user } = await userWithKey();
    const bad = [
      await namingList(t, user.id, { bounceBudget: 100, campaignName: '', emails: leads(1) }),
      { bounceBudget: 100, campaignName: 'ok' },
      { bounceBudget: 100, campaignName: 'ok', uploadIds: [], rowIds: [] },
      { bounceBudget: 100, campaignName: 'ok', rowIds: ['not-a-row'] },
      { bounceBudget: 100, campaignName: 'ok', uploadIds: ['not-a-list'] },
      { bounceBudget: 100, campaignName: 'ok', emails: [{ email: 'a@example.com' }] },
    ];
    for (const body of bad)
      expect((await c.post('/api/smartlead/create-campaign', body)).statusCode).toBe(400);
    expect(
      (await c.post('/api/smartlead/create-campaign', bad[0], { 'idempotency-key': 'x' })).statusCode,
    ).toBe(400);
  });

  it('refuses to start a send when the trial has ended (402)', async () => {
    const { c, user } = await userWithKey();
    // The trial is the workspace's (the personal one has the user's id).
    await t.database.db
      .update(workspaces)
      .set({ trialEndsAt: new Date(t.clock().getTime() - 1000) })
      .where(eq(workspaces.id, user.id));
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: 'Late',
        emails: leads(2),
      }),
    );
    expect(res.statusCode).toBe(402);
  });

  it('creates the campaign once for a double click, then sends every lead once', async () => {
    const { c, user } = await userWithKey();
    const name = `Spring ${Math.random()}`;
    const sent = leads(250);
    const body = await namingList(t, user.id, {
      bounceBudget: 100,
      campaignName: name,
      emails: [
        ...sent,
        { email: 'dup@example.com' },
        { email: 'DUP@example.com' },
        { email: 'x@bad.invalid' },
      ],
    });
    const headers = { 'idempotency-key': `click-${Date.now()}-abc` };
    const [a, b] = await Promise.all([
      c.post('/api/smartlead/create-campaign', body, headers),
      c.post('/api/smartlead/create-campaign', body, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(fake.campaignsNamed(name)).toHaveLength(1);
    const created = (a.statusCode === 201 ? a : b).json();
    expect(created.smartlead_id).toBe(fake.campaignsNamed(name)[0]!.id);
    expect(created.send).toMatchObject({ state: 'queued', totalLeads: 252, batchCount: 3, duplicates: 1 });

    expect(await work(created.id)).toBe('completed');
    const progress = (await c.get(`/api/smartlead/sends/${created.id}`)).json();
    expect(progress).toMatchObject({
      state: 'completed',
      batchesDone: 3,
      leadsProcessed: 252,
      added: 251,
      duplicates: 1,
      invalid: 1,
      error: null,
    });
    const remote = fake.campaignsNamed(name)[0]!;
    expect(remote.leads.size).toBe(251);
    expect(fake.duplicatesIn(remote.id)).toEqual([]);
    expect(remote.leads.get(sent[0]!.email)).toMatchObject({
      first_name: 'First0',
      company_name: 'Company 0',
    });

    // A retried request after completion returns the same campaign; nothing is created or sent again.
    const again = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.id);
    expect(fake.campaignsNamed(name)).toHaveLength(1);
    // Sent batches keep their counts but drop their lead data.
    const rows = await t.database.db
      .select()
      .from(smartleadSendBatches)
      .where(eq(smartleadSendBatches.campaignId, created.id));
    expect(rows.every((r) => r.state === 'sent' && r.leads.length === 0)).toBe(true);
  });

  it('without an Idempotency-Key, an identical repeated request is the same send', async () => {
    const { c, user } = await userWithKey();
    const name = `Same ${Math.random()}`;
    const body = await namingList(t, user.id, { bounceBudget: 100, campaignName: name, emails: leads(3) });
    const first = await c.post('/api/smartlead/create-campaign', body);
    const second = await c.post('/api/smartlead/create-campaign', body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(fake.campaignsNamed(name)).toHaveLength(1);
  });

  it('a failure on the first batch keeps the campaign and retries the batch later', async () => {
    const { c, user } = await userWithKey();
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: `First ${Math.random()}`,
        emails: leads(430),
      }),
    );
    const { id, smartlead_id: remoteId } = res.json();
    // Five failures outlast the client's own retries (background policy: four), so the job gives up.
    fake.inject({ status: 500, times: 5, path: /^\/campaigns\/\d+\/leads$/ });
    expect(await work(id)).toBe('retry');
    let progress = (await c.get(`/api/smartlead/sends/${id}`)).json();
    expect(progress).toMatchObject({ state: 'sending', batchesDone: 0 });
    expect(progress.error).toMatch(/Retrying automatically/);
    const before = fake.counters.leadRequests;
    expect(await work(id)).toBe('completed');
    expect(fake.counters.leadRequests - before).toBe(5);
    progress = (await c.get(`/api/smartlead/sends/${id}`)).json();
    expect(progress).toMatchObject({ state: 'completed', batchesDone: 5, added: 430, error: null });
    expect(fake.duplicatesIn(remoteId)).toEqual([]);
    expect(fake.campaigns.get(remoteId)!.leads.size).toBe(430);
  });

  it('a failure after some batches resumes from the last confirmed one without resending', async () => {
    const { c, user } = await userWithKey();
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: `Mid ${Math.random()}`,
        emails: leads(500),
      }),
    );
    const { id, smartlead_id: remoteId } = res.json();
    fake.inject({ status: 503, times: 5, after: 2, path: /^\/campaigns\/\d+\/leads$/ });
    expect(await work(id)).toBe('retry');
    let progress = (await c.get(`/api/smartlead/sends/${id}`)).json();
    expect(progress).toMatchObject({ state: 'sending', batchesDone: 2, leadsProcessed: 200 });
    const before = fake.counters.leadRequests;
    expect(await work(id)).toBe('completed');
    expect(fake.counters.leadRequests - before).toBe(3);
    progress = (await c.get(`/api/smartlead/sends/${id}`)).json();
    expect(progress).toMatchObject({ state: 'completed', batchesDone: 5, added: 500 });
    expect(fake.duplicatesIn(remoteId)).toEqual([]);
    expect([...fake.counters.arrivals].filter(([k]) => k.startsWith(`${remoteId}:`))).toHaveLength(500);
  });

  it('a key Smartlead rejects fails the send at once; the same request resumes after the key is fixed', async () => {
    const { c, user, apiKey } = await userWithKey({ valid: false });
    const name = `Badkey ${Math.random()}`;
    const body = await namingList(t, user.id, { bounceBudget: 100, campaignName: name, emails: leads(5) });
    const headers = { 'idempotency-key': `bad-key-${Date.now()}` };
    const res = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/rejected the API key/);
    fake.apiKeys.add(apiKey);
    const retry = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(retry.statusCode).toBe(201);
    expect(await work(retry.json().id)).toBe('completed');
    expect(fake.campaignsNamed(name)).toHaveLength(1);
    expect(fake.campaignsNamed(name)[0]!.leads.size).toBe(5);
  });

  it('a Smartlead outage while creating fails the request visibly; the retry creates the campaign once', async () => {
    const { c, user } = await userWithKey();
    const name = `Outage ${Math.random()}`;
    const body = await namingList(t, user.id, { bounceBudget: 100, campaignName: name, emails: leads(3) });
    const headers = { 'idempotency-key': `outage-${Date.now()}-x` };
    fake.inject({ status: 502, times: 3, path: /^\/campaigns\/create$/ });
    const res = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Smartlead is having problems/);
    expect(fake.campaignsNamed(name)).toHaveLength(0);
    const [failed] = await t.database.db
      .select()
      .from(smartleadCampaigns)
      .where(eq(smartleadCampaigns.name, name));
    expect(failed).toMatchObject({ state: 'failed', smartleadId: null });

    const retry = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(failed!.id);
    expect(await work(retry.json().id)).toBe('completed');
    expect(fake.campaignsNamed(name)).toHaveLength(1);
    expect(retry.json().smartlead_id).toBe(fake.campaignsNamed(name)[0]!.id);
  });

  it('lists campaigns with Smartlead status and analytics (string counts), cached per user', async () => {
    const { c, user } = await userWithKey();
    const name = `Listed ${Math.random()}`;
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: name,
        emails: leads(40),
      }),
    );
    await work(res.json().id);
    const remote = fake.campaignsNamed(name)[0]!;
    remote.status = 'ACTIVE';
    remote.stats = { sent: 40, uniqueOpens: 10, replies: 3 };

    const list = (await c.get('/api/smartlead/campaigns')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: res.json().id,
      name,
      status: 'ACTIVE',
      total_leads: 40,
      sent_count: 40,
      smartlead_id: remote.id,
      analytics: { open_rate: 25, reply_rate: 7.5 },
      viewUrl: `${APP_URL}/app/email-campaign/${remote.id}/analytics`,
    });

    // Within 20 s another tab's refresh is answered from the cache.
    remote.status = 'PAUSED';
    const requests = fake.counters.requests;
    expect((await c.get('/api/smartlead/campaigns')).json()[0].status).toBe('ACTIVE');
    expect(fake.counters.requests).toBe(requests);
    t.clock.advance(21_000);
    const fresh = await c.get('/api/smartlead/campaigns');
    expect(fresh.json()[0].status).toBe('PAUSED');
    expect(fresh.headers['x-smartlead-remote']).toBe('ok');
    expect(fake.counters.requests).toBeGreaterThan(requests);

    // When Smartlead is down the local list still answers, with the last known status.
    t.clock.advance(21_000);
    fake.inject({ status: 500, times: 2 });
    const down = await c.get('/api/smartlead/campaigns');
    expect(down.statusCode).toBe(200);
    expect(down.headers['x-smartlead-remote']).toBe('unavailable');
    expect(down.json()[0]).toMatchObject({ name, status: 'PAUSED' });
  });

  it('offers the user’s verified emails grouped by upload', async () => {
    const { c, user } = await userWithKey();
    const uploadId = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: user.id, // the personal workspace
      name: 'leads.csv',
      rows: [
        { email: 'ann@acme.com', name: 'Ann Lee', company: 'Acme', valid: true },
        { email: 'bob@nowhere.test', name: 'Bob', company: '', valid: false },
        { email: 'cy@acme.com', name: 'Cy Young Jr', company: 'Acme', valid: true },
      ],
    });
    const res = (await c.get('/api/smartlead/verified-emails')).json();
    expect(res.total).toBe(2);
    expect(res.groups).toHaveLength(1);
    expect(res.groups[0]).toMatchObject({ uploadId, uploadName: 'leads.csv' });
    expect(res.groups[0].emails.map((e: { email: string }) => e.email)).toEqual([
      'ann@acme.com',
      'cy@acme.com',
    ]);
    expect(res.groups[0].emails[1]).toMatchObject({ name: 'Cy Young Jr', company: 'Acme', status: 'valid' });
  });

  it('keeps campaigns, sends and verified emails to their owner (404 for others)', async () => {
    const { c, user } = await userWithKey();
    await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: user.id, // the personal workspace
      name: 'mine.csv',
      rows: [{ email: 'own@acme.com', name: 'Own', company: 'Acme', valid: true }],
    });
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: 'Private',
        emails: leads(2),
      }),
    );
    const id = res.json().id;
    const { c: other } = await userWithKey();
    expect((await other.get(`/api/smartlead/sends/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/smartlead/sends/not-a-uuid')).statusCode).toBe(404);
    expect((await other.get('/api/smartlead/campaigns')).json()).toEqual([]);
    expect((await other.get('/api/smartlead/verified-emails')).json()).toEqual({
      groups: [],
      total: 0,
      risky: 0,
      heldBack: [],
      reverifyAfterDays: 14,
    });
    expect((await c.get(`/api/smartlead/sends/${id}`)).statusCode).toBe(200);
    const anon = new RecordingClient(t.app);
    expect((await anon.get('/api/smartlead/campaigns')).statusCode).toBe(401);
    expect((await anon.get('/api/smartlead/verified-emails')).statusCode).toBe(401);
  });

  it('never returned a key in any response, and the job data holds none', async () => {
    const all = RecordingClient.transcript.join('\n');
    expect(keysUsed.length).toBeGreaterThan(8);
    for (const key of keysUsed) expect(all).not.toContain(key);
    const dump = JSON.stringify([
      await t.database.raw.query('SELECT * FROM smartlead_settings'),
      await t.database.raw.query('SELECT * FROM smartlead_campaigns'),
      await t.database.raw.query("SELECT data FROM pgboss.job WHERE name = 'smartlead-send'"),
    ]);
    for (const key of keysUsed) expect(dump).not.toContain(key);
  });
});
