import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import {
  leads,
  namingList,
  newApiKey,
  RecordingClient,
  seedVerifiedUpload,
  signUpWithKey,
  startSmartleadApp,
  stopSmartleadApp,
  workSend,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import type { CampaignSetup } from '../../../../shared/email-automation';

// Email automation against the fake Smartlead: a send that applies sequence, accounts and schedule and
// starts the campaign; Email Accounts; a campaign's page and state changes; more leads; every new call
// under a rejected key, a 429 with Retry-After, a 5xx and an outage; tenancy.

const setupFor = (accountIds: number[]): CampaignSetup => ({
  steps: [
    {
      delayDays: 0,
      variants: [
        {
          subject: 'Hi {{first_name}}',
          body: 'Hello {{first_name}} at {{company_name}}, about {{job_title}}.',
        },
        { subject: 'Question for {{company_name}}', body: 'Variant B for {{first_name}}.' },
      ],
    },
    { delayDays: 3, variants: [{ subject: '', body: 'Following up, {{first_name}}.' }] },
  ],
  emailAccountIds: accountIds,
  schedule: {
    timezone: 'Europe/Paris',
    days: [1, 2, 3],
    startHour: '08:30',
    endHour: '17:00',
    minTimeBetweenEmails: 12,
    maxNewLeadsPerDay: 40,
  },
});

describe('email automation on Smartlead', () => {
  let t: TestApp;
  let fake: FakeSmartlead;

  beforeAll(async () => {
    // The app's waits (Retry-After, back-off) are skipped here, so its limiter's clock runs ahead of the
    // fake's real-time window; the fake's own limit is lifted (the client's pacing is client.test.ts's).
    ({ t, fake } = await startSmartleadApp({ fake: { rateLimit: { limit: 1_000, windowMs: 2_000 } } }));
  });
  afterAll(() => stopSmartleadApp(t, fake));

  async function userWithKey() {
    const { c, user, apiKey } = await signUpWithKey(t, fake, RecordingClient);
    const a = fake.addEmailAccount(apiKey, { from_email: `sales@${user.username}.test`, from_name: 'Sales' });
    const b = fake.addEmailAccount(apiKey, { from_email: `ceo@${user.username}.test`, type: 'GMAIL' });
    return { c, user, apiKey, accounts: [a, b] };
  }
  const work = (campaignId: string) => workSend(t, campaignId);

  async function startedCampaign() {
    const u = await userWithKey();
    const name = `Auto ${Math.random()}`;
    const res = await u.c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, u.user.id, {
        bounceBudget: 100,
        campaignName: name,
        emails: leads(3).map((l) => ({ ...l, custom_fields: { job_title: 'CTO' } })),
        setup: setupFor([u.accounts[0]!.id]),
        start: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await work(res.json().id)).toBe('completed');
    return { ...u, id: res.json().id as string, remote: fake.campaignsNamed(name)[0]! };
  }

  it('create and start: the campaign gets its sequence, account and schedule, then starts with its leads', async () => {
    const { remote, accounts } = await startedCampaign();
    expect(remote.sequences).toHaveLength(2);
    expect(remote.sequences[0]).toMatchObject({
      seq_number: 1,
      seq_delay_details: { delay_in_days: 0 },
      seq_variants: [
        { variant_label: 'A', subject: 'Hi {{first_name}}' },
        { variant_label: 'B', email_body: 'Variant B for {{first_name}}.' },
      ],
    });
    expect(remote.sequences[1]).toMatchObject({ seq_number: 2, seq_delay_details: { delay_in_days: 3 } });
    expect(remote.emailAccountIds).toEqual([accounts[0]!.id]);
    expect(remote.schedule).toEqual({
      timezone: 'Europe/Paris',
      days_of_the_week: [1, 2, 3],
      start_hour: '08:30',
      end_hour: '17:00',
      min_time_btw_emails: 12,
      max_new_leads_per_day: 40,
    });
    expect(remote.leads.size).toBe(3);
    expect([...remote.leads.values()][0]!.custom_fields).toEqual({ job_title: 'CTO' });
    expect(remote.status).toBe('ACTIVE');
    expect(remote.statusHistory).toEqual(['START']);
  });

  it('create as draft: complete in Smartlead but not started; start needs a setup', async () => {
    const { c, user, accounts } = await userWithKey();
    const name = `Draft ${Math.random()}`;
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: name,
        emails: leads(2),
        setup: setupFor(accounts.map((a) => a.id)),
      }),
    );
    expect(await work(res.json().id)).toBe('completed');
    const remote = fake.campaignsNamed(name)[0]!;
    expect(remote).toMatchObject({ status: 'DRAFTED', statusHistory: [] });
    expect(remote.emailAccountIds).toHaveLength(2);
    const bad = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: 'x',
        emails: leads(1),
        start: true,
      }),
    );
    expect(bad.statusCode).toBe(400);
    const badSchedule = await c.post(
      '/api/smartlead/create-campaign',
      await namingList(t, user.id, {
        bounceBudget: 100,
        campaignName: 'y',
        emails: leads(1),
        setup: { ...setupFor([1]), schedule: { ...setupFor([1]).schedule, timezone: 'Mars/Olympus' } },
      }),
    );
    expect(badSchedule.statusCode).toBe(400);
  });

  it('a mailbox Smartlead cannot use fails the send with its reason; fixed, the retry completes it once', async () => {
    const { c, user, accounts } = await userWithKey();
    accounts[0]!.is_smtp_success = false;
    const name = `Broken ${Math.random()}`;
    const body = await namingList(t, user.id, {
      bounceBudget: 100,
      campaignName: name,
      emails: leads(2),
      setup: setupFor([accounts[0]!.id]),
    });
    const headers = { 'idempotency-key': `broken-${Date.now()}-k` };
    const res = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not connected/);
    accounts[0]!.is_smtp_success = true;
    const retry = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(retry.statusCode).toBe(201);
    expect(await work(retry.json().id)).toBe('completed');
    expect(fake.campaignsNamed(name)).toHaveLength(1);
    expect(fake.campaignsNamed(name)[0]!.emailAccountIds).toEqual([accounts[0]!.id]);
  });

  it("calls Smartlead as a White Label workspace's product (User-Agent), Verilead otherwise", async () => {
    const { c } = await userWithKey();
    expect((await c.get('/api/smartlead/email-accounts')).statusCode).toBe(200);
    expect(fake.counters.userAgents.has('Verilead/1.0')).toBe(true);
    const branded = new RecordingClient(t.app);
    await branded.register({ plan: 'whitelabel' });
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    expect((await branded.post('/api/smartlead/settings', { apiKey })).statusCode).toBe(200);
    const product = `Acme ${Math.random().toString(36).slice(2, 8)}`;
    expect((await branded.request('PUT', '/api/branding', { productName: product })).statusCode).toBe(200);
    expect((await branded.get('/api/smartlead/email-accounts')).statusCode).toBe(200);
    expect(fake.counters.userAgents.has(`${product.replace(' ', '-')}/1.0`)).toBe(true);
  });

  it('lists the sending accounts (every page) with the campaigns that use them', async () => {
    const { c, id, apiKey, accounts } = await startedCampaign();
    for (let i = 0; i < 120; i++) fake.addEmailAccount(apiKey, { from_email: `box${i}@bulk.test` });
    const res = await c.get('/api/smartlead/email-accounts');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(122);
    const used = list.find((a: { id: number }) => a.id === accounts[0]!.id);
    expect(used).toMatchObject({
      fromEmail: accounts[0]!.from_email,
      fromName: 'Sales',
      type: 'SMTP',
      dailyLimit: 50,
      warmupStatus: 'ACTIVE',
      warmupReputation: 98,
      connected: true,
    });
    expect(used.usedBy).toEqual([{ id, name: expect.any(String) }]);
    expect(list.find((a: { id: number }) => a.id === accounts[1]!.id).usedBy).toEqual([]);
  });

  it('shows a campaign as Smartlead has it; pause, resume and stop are reflected', async () => {
    const { c, id, remote, accounts } = await startedCampaign();
    const res0 = await c.get(`/api/smartlead/campaigns/${id}`);
    expect(res0.statusCode, res0.body).toBe(200);
    const detail = res0.json();
    expect(detail.campaign).toMatchObject({ id, status: 'ACTIVE', smartlead_id: remote.id });
    expect(detail.remote.steps).toHaveLength(2);
    expect(detail.remote.steps[0].variants).toHaveLength(2);
    expect(detail.remote.steps[1]).toMatchObject({ delayDays: 3 });
    expect(detail.remote.accounts).toEqual([
      { id: accounts[0]!.id, fromEmail: accounts[0]!.from_email, fromName: 'Sales', type: 'SMTP' },
    ]);
    expect(detail.remote.totalLeads).toBe(3);
    expect(detail.remote.leadStatusCounts).toEqual({ STARTED: 3 });
    expect(detail.schedule).toMatchObject({ timezone: 'Europe/Paris', maxNewLeadsPerDay: 40 });

    for (const [action, status] of [
      ['pause', 'PAUSED'],
      ['resume', 'ACTIVE'],
      ['stop', 'STOPPED'],
    ] as const) {
      const res = await c.post(`/api/smartlead/campaigns/${id}/status`, { action });
      expect(res.json()).toEqual({ status });
      expect(remote.status).toBe(status);
    }
    expect(remote.statusHistory).toEqual(['START', 'PAUSED', 'START', 'STOPPED']);
    const again = await c.post(`/api/smartlead/campaigns/${id}/status`, { action: 'start' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/stopped campaign cannot be changed/);
    expect((await c.post(`/api/smartlead/campaigns/${id}/status`, { action: 'explode' })).statusCode).toBe(
      400,
    );
  });

  it('adds leads from a verified list to an existing campaign, each once', async () => {
    const { c, user, id, remote } = await startedCampaign();
    const more = await namingList(t, user.id, { emails: leads(150, 'more'), bounceBudget: 100 });
    const res = await c.post(`/api/smartlead/campaigns/${id}/leads`, more);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ added: 150 });
    expect(await work(id)).toBe('completed');
    expect(remote.leads.size).toBe(153);
    expect(fake.duplicatesIn(remote.id)).toEqual([]);
    const progress = (await c.get(`/api/smartlead/sends/${id}`)).json();
    expect(progress).toMatchObject({ state: 'completed', totalLeads: 153, batchCount: 3, batchesDone: 3 });
  });

  describe('each new call when Smartlead fails', () => {
    type Ctx = Awaited<ReturnType<typeof startedCampaign>>;
    const calls: [string, (x: Ctx) => Promise<{ statusCode: number; json(): any; headers: any }>][] = [
      ['email accounts', (x) => x.c.get('/api/smartlead/email-accounts')],
      ['campaign status', (x) => x.c.post(`/api/smartlead/campaigns/${x.id}/status`, { action: 'pause' })],
      [
        'create with setup',
        async (x) =>
          x.c.post(
            '/api/smartlead/create-campaign',
            await namingList(t, x.user.id, {
              bounceBudget: 100,
              campaignName: `F ${Math.random()}`,
              emails: leads(1),
              setup: setupFor([x.accounts[0]!.id]),
            }),
          ),
      ],
    ];
    let x: Ctx;
    beforeAll(async () => {
      x = await startedCampaign();
    });

    it.each(calls)(
      '%s: rejected key → 400, 429 → 429 with Retry-After, 5xx and outage → 502',
      async (_n, call) => {
        fake.apiKeys.delete(x.apiKey);
        const bad = await call(x);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({
          reason: 'auth',
          message: expect.stringMatching(/rejected the API key/),
        });
        fake.apiKeys.add(x.apiKey);

        fake.inject({ status: 429, times: 2, retryAfter: '2' });
        const limited = await call(x);
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['retry-after']).toBe('2');

        fake.inject({ status: 503, times: 2 });
        const down = await call(x);
        expect(down.statusCode).toBe(502);
        expect(down.json().reason).toBe('server');

        fake.setOutage(true);
        try {
          const cut = await call(x);
          expect(cut.statusCode).toBe(502);
          expect(cut.json()).toMatchObject({
            reason: 'unreachable',
            message: expect.stringMatching(/Could not reach/),
          });
        } finally {
          fake.setOutage(false);
        }
        expect((await call(x)).statusCode).toBeLessThan(300);
      },
    );

    it('campaign page: answers with the local part and the reason instead of failing', async () => {
      fake.setOutage(true);
      try {
        const res = await x.c.get(`/api/smartlead/campaigns/${x.id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          remote: null,
          remoteError: expect.stringMatching(/Could not reach/),
        });
        expect(res.json().schedule.timezone).toBe('Europe/Paris');
      } finally {
        fake.setOutage(false);
      }
      fake.inject({ status: 429, times: 2, retryAfter: '1' });
      expect((await x.c.get(`/api/smartlead/campaigns/${x.id}`)).json().remoteError).toMatch(/rate limit/);
      fake.inject({ status: 500, times: 2 });
      expect((await x.c.get(`/api/smartlead/campaigns/${x.id}`)).json().remoteError).toMatch(
        /having problems/,
      );
    });
  });

  it('a Smartlead outage on send: "failed" at once, the retry after it is back makes one complete campaign', async () => {
    const { c, user, accounts } = await userWithKey();
    const name = `Outage ${Math.random()}`;
    const body = await namingList(t, user.id, {
      bounceBudget: 100,
      campaignName: name,
      emails: leads(4),
      setup: setupFor([accounts[1]!.id]),
      start: true,
    });
    const headers = { 'idempotency-key': `outage-${Date.now()}-send` };
    fake.setOutage(true);
    let failed: { statusCode: number; json(): any };
    try {
      failed = await c.post('/api/smartlead/create-campaign', body, headers);
    } finally {
      fake.setOutage(false);
    }
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/Could not reach the Smartlead API/);
    expect(fake.campaignsNamed(name)).toHaveLength(0);
    const retry = await c.post('/api/smartlead/create-campaign', body, headers);
    expect(retry.statusCode).toBe(201);
    expect(await work(retry.json().id)).toBe('completed');
    const all = fake.campaignsNamed(name);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'ACTIVE' });
    expect(all[0]!.leads.size).toBe(4);
  });

  it('offers valid rows, and catch-all or role rows marked risky (never invalid), with earlier campaigns', async () => {
    const { c, user } = await userWithKey();
    await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: user.id, // the personal workspace
      name: 'b2b.csv',
      rows: [
        {
          email: 'ann@acme.com',
          name: 'Ann Lee',
          company: 'Acme',
          valid: true,
          extra: { 'Job Title': 'CTO' },
        },
        { email: 'any@catchall.com', name: 'Cat', company: 'Catchall', valid: true, verdict: 'catch_all' },
        { email: 'info@acme.com', name: '', company: 'Acme', valid: true, verdict: 'role' },
        { email: 'gone@nowhere.test', name: 'Gone', company: '', valid: false },
      ],
    });
    const list = (await c.get('/api/smartlead/verified-emails')).json();
    expect(list).toMatchObject({ total: 1, risky: 2 });
    const rows = list.groups[0].emails;
    expect(
      rows.map((e: { email: string; status: string; reason: string | null }) => [
        e.email,
        e.status,
        e.reason,
      ]),
    ).toEqual([
      ['ann@acme.com', 'valid', null],
      ['any@catchall.com', 'risky', 'catch_all'],
      ['info@acme.com', 'risky', 'role'],
    ]);
    expect(rows[0].fields).toEqual({ job_title: 'CTO' });
    expect(rows[0].sentTo).toEqual([]);

    const res = await c.post('/api/smartlead/create-campaign', {
      bounceBudget: 100,
      campaignName: 'First wave',
      rowIds: [rows[0].id],
    });
    const again = (await c.get('/api/smartlead/verified-emails')).json();
    expect(again.groups[0].emails[0].sentTo).toEqual([{ id: res.json().id, name: 'First wave' }]);
    expect(again.groups[0].emails[1].sentTo).toEqual([]);
  });

  it("keeps campaigns to their owner: another user's campaign id is 404 everywhere", async () => {
    const { id } = await startedCampaign();
    const { c: other, user: them } = await userWithKey();
    expect((await other.get(`/api/smartlead/campaigns/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/smartlead/campaigns/${id}/status`, { action: 'pause' })).statusCode).toBe(
      404,
    );
    const theirs = await namingList(t, them.id, { emails: leads(1) });
    expect((await other.post(`/api/smartlead/campaigns/${id}/leads`, theirs)).statusCode).toBe(404);
    expect((await other.get('/api/smartlead/campaigns/not-a-uuid')).statusCode).toBe(404);
    const anon = new RecordingClient(t.app);
    expect((await anon.get('/api/smartlead/email-accounts')).statusCode).toBe(401);
    expect((await anon.get(`/api/smartlead/campaigns/${id}`)).statusCode).toBe(401);
  });
});
