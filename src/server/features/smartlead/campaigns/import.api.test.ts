import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import { newApiKey, startSmartleadApp, stopSmartleadApp } from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import type { EmailAccount } from '../../../../shared/email-automation';
import { readImportedDetails } from './import-details';

// Campaigns made in Smartlead's own app (decision 0202): listed from the workspace's key, imported on
// request, then shown and steered like the campaigns created here.

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  ({ t, fake } = await startSmartleadApp());
});
afterAll(() => stopSmartleadApp(t, fake));

/** A campaign made in Smartlead's app under `apiKey`, running, with two leads. */
async function madeInSmartlead(apiKey: string, name: string) {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${fake.url}${path}?api_key=${apiKey}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
  const { id } = await call('POST', '/campaigns/create', { name });
  await call('POST', `/campaigns/${id}/leads`, {
    lead_list: [{ email: 'x@acme.test' }, { email: 'y@acme.test' }],
  });
  fake.campaigns.get(id)!.status = 'ACTIVE';
  return id as number;
}

async function workspace() {
  const c = new TestClient(t.app);
  await c.register();
  const apiKey = newApiKey();
  fake.apiKeys.add(apiKey);
  await c.post('/api/smartlead/settings', { apiKey });
  return { c, apiKey };
}

describe('importing campaigns made in Smartlead', () => {
  it('lists them, imports the chosen one, which then shows, pauses and is not offered again', async () => {
    const { c, apiKey } = await workspace();
    const id = await madeInSmartlead(apiKey, 'Made in Smartlead');
    const other = await madeInSmartlead(apiKey, 'Left there');
    const offered = (await c.get('/api/smartlead/campaigns/importable')).json();
    expect(offered.map((x: { smartleadId: number }) => x.smartleadId).sort()).toEqual([id, other].sort());

    const res = await c.post('/api/smartlead/campaigns/import', { smartleadIds: [id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 1 });
    const list = (await c.get('/api/smartlead/campaigns')).json();
    const mine = list.find((x: { smartlead_id: number }) => x.smartlead_id === id);
    expect(mine).toMatchObject({
      name: 'Made in Smartlead',
      imported: true,
      status: 'ACTIVE',
      total_leads: 2,
    });
    expect(
      (await c.get('/api/smartlead/campaigns/importable'))
        .json()
        .map((x: { smartleadId: number }) => x.smartleadId),
    ).toEqual([other]);
    // Importing again changes nothing.
    expect((await c.post('/api/smartlead/campaigns/import', { smartleadIds: [id] })).json()).toEqual({
      imported: 0,
    });

    const paused = await c.post(`/api/smartlead/campaigns/${mine.id}/status`, { action: 'pause' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(fake.campaigns.get(id)!.status).toBe('PAUSED');
    const detail = (await c.get(`/api/smartlead/campaigns/${mine.id}`)).json();
    expect(detail.remote.leads.map((l: { email: string }) => l.email).sort()).toEqual([
      'x@acme.test',
      'y@acme.test',
    ]);
  });

  it('imports only campaigns of the workspace’s own key, and each workspace chooses its own', async () => {
    const a = await workspace();
    const b = await workspace();
    const theirs = await madeInSmartlead(b.apiKey, 'Not yours');
    expect((await a.c.post('/api/smartlead/campaigns/import', { smartleadIds: [theirs] })).statusCode).toBe(
      400,
    );
    expect((await a.c.get('/api/smartlead/campaigns/importable')).json()).toEqual([]);
    const none = new TestClient(t.app);
    await none.register();
    expect((await none.get('/api/smartlead/campaigns/importable')).statusCode).toBe(400);
  });

  it('imports 100 campaigns with one request to Smartlead; their lead counts are read afterwards, by a job', async () => {
    const { c, apiKey } = await workspace();
    const made = Array.from({ length: 100 }, (_, i) =>
      fake.seedAppCampaign(apiKey, {
        name: `Bulk ${i}`,
        leads: Array.from({ length: (i % 3) + 1 }, (_, j) => ({ email: `l${j}.${i}@acme.test` })),
      }),
    );
    const ids = made.map((m) => m.id);
    const before = fake.counters.requests;
    const res = await c.post('/api/smartlead/campaigns/import', { smartleadIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 100 });
    // The listing only: no campaign's analytics while the user waits (100 of them: ~20 s at 10 per 2 s).
    expect(fake.counters.requests - before).toBe(1);

    const rows = await t.database.raw.query<{ data: { workspaceId: string; smartleadIds: number[] } }>(
      "SELECT data FROM pgboss.job WHERE name = 'smartlead-import-details'",
    );
    const job = rows.map((r) => r.data).find((d) => d.smartleadIds.includes(ids[0]!))!;
    expect([...job.smartleadIds].sort()).toEqual([...ids].sort());
    const counted = await readImportedDetails({
      db: t.database.db,
      config: t.config,
      sleep: async () => {},
      ...job,
    });
    expect(counted).toBe(100);
    // Past the 25 campaigns whose analytics the list reads itself, the count is the one the job stored.
    const list = (await c.get('/api/smartlead/campaigns')).json() as { name: string; total_leads: number }[];
    const bulk = list.filter((x) => x.name.startsWith('Bulk '));
    expect(bulk).toHaveLength(100);
    for (const x of bulk) expect(x.total_leads).toBe((Number(x.name.slice(5)) % 3) + 1);
  });

  it('says in words when Smartlead fails (outage, rate limit), and the same request asked again works', async () => {
    const { c, apiKey } = await workspace();
    const id = await madeInSmartlead(apiKey, 'Retried');
    const listing = { method: 'GET', path: /^\/campaigns\/?$/ };
    fake.inject({ status: 500, times: 10, ...listing });
    const down = await c.get('/api/smartlead/campaigns/importable');
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/Smartlead/);
    fake.clearInjections();
    fake.inject({ status: 429, times: 10, retryAfter: '30', ...listing });
    const limited = await c.post('/api/smartlead/campaigns/import', { smartleadIds: [id] });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    fake.clearInjections();
    const offered = (await c.get('/api/smartlead/campaigns/importable')).json();
    expect(offered.map((x: { smartleadId: number }) => x.smartleadId)).toEqual([id]);
    const retried = await c.post('/api/smartlead/campaigns/import', { smartleadIds: [id] });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ imported: 1 });
  });

  it('Email Accounts’ “used by” names an imported campaign: its accounts are read after the import, kept by edits', async () => {
    const { c, apiKey } = await workspace();
    const box = fake.addEmailAccount(apiKey, { from_email: 'sam@spring.test' });
    const other = fake.addEmailAccount(apiKey, { from_email: 'kim@spring.test' });
    const made = fake.seedAppCampaign(apiKey, { name: 'Spring (app)', emailAccountIds: [box.id] });
    expect((await c.post('/api/smartlead/campaigns/import', { smartleadIds: [made.id] })).statusCode).toBe(
      200,
    );
    const [job] = await t.database.raw.query<{ data: { workspaceId: string; smartleadIds: number[] } }>(
      "SELECT data FROM pgboss.job WHERE name = 'smartlead-import-details' AND data->'smartleadIds' @> $1::jsonb",
      [JSON.stringify([made.id])],
    );
    await readImportedDetails({ db: t.database.db, config: t.config, sleep: async () => {}, ...job!.data });
    const usedBy = async () =>
      Object.fromEntries(
        ((await c.get('/api/smartlead/email-accounts')).json() as EmailAccount[]).map((a) => [
          a.fromEmail,
          a.usedBy.map((u) => u.name),
        ]),
      );
    expect(await usedBy()).toEqual({ 'sam@spring.test': ['Spring (app)'], 'kim@spring.test': [] });

    const mine = ((await c.get('/api/smartlead/campaigns')).json() as { id: string; name: string }[]).find(
      (x) => x.name === 'Spring (app)',
    )!;
    const edit = await c.request('PUT', `/api/smartlead/campaigns/${mine.id}`, {
      emailAccountIds: [other.id],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await usedBy()).toEqual({ 'sam@spring.test': [], 'kim@spring.test': ['Spring (app)'] });
  });
});
