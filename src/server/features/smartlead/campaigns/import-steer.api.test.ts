import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import { newApiKey, startSmartleadApp, stopSmartleadApp } from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';

// A complete campaign made in Smartlead's own app (sequence, mailbox, schedule, settings, leads, numbers;
// seeded straight into the fake) imported, read back as Smartlead has it and edited while it runs; the
// same key in two workspaces; Smartlead's 429 and outages in words (decision 0202).

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  ({ t, fake } = await startSmartleadApp());
});
afterAll(() => stopSmartleadApp(t, fake));

async function workspace(apiKey = newApiKey()) {
  const c = new TestClient(t.app);
  await c.register();
  fake.apiKeys.add(apiKey);
  await c.post('/api/smartlead/settings', { apiKey });
  return { c, apiKey };
}

function seed(apiKey: string, name: string) {
  const box = fake.addEmailAccount(apiKey, { from_email: `${name.replace(/\W/g, '')}@app.test` });
  const spare = fake.addEmailAccount(apiKey, { from_email: `spare.${name.replace(/\W/g, '')}@app.test` });
  const remote = fake.seedAppCampaign(apiKey, {
    name,
    status: 'ACTIVE',
    leads: [
      { email: 'ann@acme.test', first_name: 'Ann' },
      { email: 'bo@acme.test' },
      { email: 'cy@acme.test' },
    ],
    stats: { sent: 40, uniqueOpens: 10, replies: 4 },
    steps: [
      { subject: 'Quick question', body: 'Hi {{first_name}}', delayDays: 0 },
      { subject: '', body: 'Following up', delayDays: 3 },
    ],
    emailAccountIds: [box.id],
  });
  return { remote, box, spare };
}

async function importOne(c: TestClient, smartleadId: number) {
  const res = await c.post('/api/smartlead/campaigns/import', { smartleadIds: [smartleadId] });
  expect(res.statusCode, res.body).toBe(200);
  const list = (await c.get('/api/smartlead/campaigns')).json() as { id: string; smartlead_id: number }[];
  return list.find((x) => x.smartlead_id === smartleadId)!;
}

describe('a campaign made in Smartlead’s app, imported', () => {
  it('comes with its leads, numbers, sequence, mailbox, schedule and settings, and is edited while it runs', async () => {
    const { c, apiKey } = await workspace();
    const { remote, box, spare } = seed(apiKey, 'App made');
    const mine = await importOne(c, remote.id);
    expect(mine).toMatchObject({
      name: 'App made',
      status: 'ACTIVE',
      imported: true,
      total_leads: 3,
      sent_count: 40,
      analytics: { open_rate: 25, reply_rate: 10 },
    });

    const detail = (await c.get(`/api/smartlead/campaigns/${mine.id}`)).json();
    expect(detail.remote.leads).toHaveLength(3);
    expect(detail.remote.steps).toEqual([
      { delayDays: 0, variants: [{ subject: 'Quick question', body: 'Hi {{first_name}}' }] },
      { delayDays: 3, variants: [{ subject: '', body: 'Following up' }] },
    ]);
    expect(detail.remote.accounts.map((a: { id: number }) => a.id)).toEqual([box.id]);
    // Read back from Smartlead's campaign object (nothing of it was set from here).
    expect(detail.schedule).toEqual({
      timezone: 'America/Chicago',
      days: [1, 2, 3, 4, 5],
      startHour: '08:00',
      endHour: '18:00',
      minTimeBetweenEmails: 15,
      maxNewLeadsPerDay: 30,
    });
    expect(detail.settings).toEqual({
      trackOpens: true,
      trackClicks: false,
      stopLeadOn: 'REPLY_TO_AN_EMAIL',
      plainText: false,
    });

    const put = (body: unknown) => c.request('PUT', `/api/smartlead/campaigns/${mine.id}`, body);
    const steps = [
      { delayDays: 0, variants: [{ subject: 'Better question', body: 'Hello {{first_name}}' }] },
      { delayDays: 2, variants: [{ subject: '', body: 'Following up sooner' }] },
      { delayDays: 5, variants: [{ subject: '', body: 'Last note' }] },
    ];
    const edited = await put({ steps });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().pausedAndResumed).toBe(true);
    expect(remote.statusHistory).toEqual(['PAUSED', 'START']);
    // The two existing steps were updated in place (sent with their ids), the third created.
    const base = remote.id * 100;
    expect(remote.sequences.map((s) => [s.id, s.subject, s.email_body])).toEqual([
      [base, 'Better question', 'Hello {{first_name}}'],
      [base + 1, '', 'Following up sooner'],
      [base + 2, '', 'Last note'],
    ]);

    const schedule = { ...detail.schedule, days: [2, 4], maxNewLeadsPerDay: 12 };
    expect((await put({ schedule })).statusCode).toBe(200);
    expect(remote.schedule).toMatchObject({ days_of_the_week: [2, 4], max_new_leads_per_day: 12 });

    expect((await put({ emailAccountIds: [spare.id] })).statusCode).toBe(200);
    expect(remote.emailAccountIds).toEqual([spare.id]);
    expect(remote.status).toBe('ACTIVE');

    // Smartlead's own refusal (422) comes back in its words, as a 400.
    fake.inject({ status: 422, method: 'POST', path: /\/schedule$/ });
    const refused = await put({ schedule });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Smartlead refused the request \(HTTP 422\): Injected 422/);
  });

  it('belongs to the workspace that imported it, even when another holds the same key', async () => {
    const a = await workspace();
    const b = await workspace(a.apiKey);
    const { remote } = seed(a.apiKey, 'Shared key');
    const mine = await importOne(a.c, remote.id);

    const listB = (await b.c.get('/api/smartlead/campaigns')).json() as { smartlead_id: number }[];
    expect(listB.map((x) => x.smartlead_id)).not.toContain(remote.id);
    expect((await b.c.get(`/api/smartlead/campaigns/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await b.c.request('PUT', `/api/smartlead/campaigns/${mine.id}`, { emailAccountIds: [1] })).statusCode,
    ).toBe(404);
    expect(
      (await b.c.post(`/api/smartlead/campaigns/${mine.id}/status`, { action: 'stop' })).statusCode,
    ).toBe(404);
    expect(remote.status).toBe('ACTIVE');
    // The key lets B see it in Smartlead, so B may import it for itself: a row of its own.
    const offered = (await b.c.get('/api/smartlead/campaigns/importable')).json() as {
      smartleadId: number;
    }[];
    expect(offered.map((x) => x.smartleadId)).toContain(remote.id);
    const theirs = await importOne(b.c, remote.id);
    expect(theirs.id).not.toBe(mine.id);
  });

  it('says Smartlead’s rate limit and outages in words, never as “no campaigns”', async () => {
    const { c, apiKey } = await workspace();
    const { remote } = seed(apiKey, 'Busy');
    fake.inject({ status: 429, times: 3, method: 'GET', path: /^\/campaigns$/, retryAfter: '7' });
    const limited = await c.get('/api/smartlead/campaigns/importable');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.json().message).toMatch(/rate limit/);

    fake.inject({ status: 503, times: 3, method: 'GET', path: /^\/campaigns$/ });
    const down = await c.post('/api/smartlead/campaigns/import', { smartleadIds: [remote.id] });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/Smartlead is having problems right now \(HTTP 503\)/);
    expect((await c.get('/api/smartlead/campaigns')).json()).toEqual([]);
  });
});
