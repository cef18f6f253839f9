import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import {
  leads,
  namingList,
  newApiKey,
  RecordingClient,
  startSmartleadApp,
  stopSmartleadApp,
  workSend,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import type { CampaignSetup, Step } from '../../../../shared/email-automation';

// Editing a running campaign (decision 0202): its sequence (paused for the change and resumed), schedule,
// settings and sending accounts, against the fake Smartlead, which refuses a sequence change while a
// campaign is active as Smartlead does.

const SCHEDULE = {
  timezone: 'Europe/Paris',
  days: [1, 2, 3],
  startHour: '08:30',
  endHour: '17:00',
  minTimeBetweenEmails: 12,
  maxNewLeadsPerDay: 40,
};
const FIRST: Step = {
  delayDays: 0,
  variants: [{ subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' }],
};
const setupFor = (ids: number[], steps: Step[] = [FIRST]): CampaignSetup => ({
  steps,
  emailAccountIds: ids,
  schedule: SCHEDULE,
});

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  ({ t, fake } = await startSmartleadApp({ fake: { rateLimit: { limit: 1_000, windowMs: 2_000 } } }));
});
afterAll(() => stopSmartleadApp(t, fake));

async function running(steps?: Step[]) {
  const c = new RecordingClient(t.app);
  const user = await c.register();
  const apiKey = newApiKey();
  fake.apiKeys.add(apiKey);
  await c.post('/api/smartlead/settings', { apiKey });
  const a = fake.addEmailAccount(apiKey, { from_email: `a@${user.username}.test` });
  const b = fake.addEmailAccount(apiKey, { from_email: `b@${user.username}.test` });
  const name = `Edit ${Math.random()}`;
  const res = await c.post(
    '/api/smartlead/create-campaign',
    await namingList(t, user.id, {
      bounceBudget: 100,
      campaignName: name,
      emails: leads(3),
      setup: setupFor([a.id], steps),
      start: true,
    }),
  );
  const id = res.json().id as string;
  await workSend(t, id);
  const remote = fake.campaignsNamed(name)[0]!;
  expect(remote.status).toBe('ACTIVE');
  return { c, id, remote, a, b };
}

describe('editing a live campaign', () => {
  it('changes the sequence of a running campaign (paused and resumed), its schedule, settings and accounts', async () => {
    const { c, id, remote, a, b } = await running();
    const steps = [
      { delayDays: 0, variants: [{ subject: 'New hello', body: 'A better first email.' }] },
      {
        delayDays: 4,
        variants: [
          { subject: '', body: 'Follow-up A.' },
          { subject: '', body: 'Follow-up B.' },
        ],
      },
    ];
    const res = await c.request('PUT', `/api/smartlead/campaigns/${id}`, { steps });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changed: ['steps'], pausedAndResumed: true });
    expect(res.json().inFlight[0]).toMatch(/paused for the change and resumed/);
    expect(remote.statusHistory.slice(-2)).toEqual(['PAUSED', 'START']);
    expect(remote.status).toBe('ACTIVE');
    expect(remote.sequences).toHaveLength(2);
    expect(remote.sequences[1]).toMatchObject({ seq_delay_details: { delay_in_days: 4 } });

    const schedule = { ...SCHEDULE, days: [1, 2, 3, 4, 5], maxNewLeadsPerDay: 80 };
    expect((await c.request('PUT', `/api/smartlead/campaigns/${id}`, { schedule })).statusCode).toBe(200);
    expect(remote.schedule).toMatchObject({ days_of_the_week: [1, 2, 3, 4, 5], max_new_leads_per_day: 80 });

    // Started: tracking and plain text stay as they are (Smartlead fixes them at launch); the stop
    // condition changes, and what is sent keeps the current tracking.
    const settings = {
      trackOpens: false,
      trackClicks: false,
      stopLeadOn: 'CLICK_ON_A_LINK',
      plainText: false,
    };
    expect((await c.request('PUT', `/api/smartlead/campaigns/${id}`, { settings })).statusCode).toBe(200);
    expect(remote.settings).toEqual({
      track_settings: ['DONT_TRACK_EMAIL_OPEN', 'DONT_TRACK_LINK_CLICK'],
      stop_lead_settings: 'CLICK_ON_A_LINK',
      send_as_plain_text: false,
    });
    const locked = await c.request('PUT', `/api/smartlead/campaigns/${id}`, {
      settings: { ...settings, trackOpens: true },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/cannot be changed once a campaign has started/);
    expect(remote.settings).toMatchObject({
      track_settings: ['DONT_TRACK_EMAIL_OPEN', 'DONT_TRACK_LINK_CLICK'],
    });
    // A value Smartlead does not document is refused by our contract before it is sent.
    const never = await c.request('PUT', `/api/smartlead/campaigns/${id}`, {
      settings: { ...settings, stopLeadOn: 'NEVER' },
    });
    expect(never.statusCode).toBe(400);

    expect(
      (await c.request('PUT', `/api/smartlead/campaigns/${id}`, { emailAccountIds: [b.id] })).statusCode,
    ).toBe(200);
    expect(remote.emailAccountIds).toEqual([b.id]);
    expect(remote.emailAccountIds).not.toContain(a.id);

    // The campaign page shows it as it now is.
    const detail = (await c.get(`/api/smartlead/campaigns/${id}`)).json();
    expect(detail.schedule).toMatchObject({ days: [1, 2, 3, 4, 5], maxNewLeadsPerDay: 80 });
    expect(detail.settings).toEqual({ ...settings });
  });

  it('refuses what it must: another workspace, nothing to change, a bad sequence, a stopped campaign', async () => {
    const { c, id, remote } = await running();
    const other = new TestClient(t.app);
    await other.register();
    expect(
      (await other.request('PUT', `/api/smartlead/campaigns/${id}`, { schedule: SCHEDULE })).statusCode,
    ).toBe(404);
    expect((await c.request('PUT', `/api/smartlead/campaigns/${id}`, {})).statusCode).toBe(400);
    expect(
      (
        await c.request('PUT', `/api/smartlead/campaigns/${id}`, {
          steps: [{ delayDays: 0, variants: [{ subject: '', body: 'x' }] }],
        })
      ).statusCode,
    ).toBe(400);
    // Smartlead failing the save: said in words, and the campaign is running again.
    // On this campaign only: what the retries leave of the injection must not fail another test's send.
    fake.inject({
      status: 500,
      times: 4,
      method: 'POST',
      path: new RegExp(`/campaigns/${remote.id}/sequences$`),
    });
    const failed = await c.request('PUT', `/api/smartlead/campaigns/${id}`, {
      steps: [{ delayDays: 0, variants: [{ subject: 'S', body: 'B' }] }],
    });
    expect(failed.statusCode).toBe(502);
    expect(remote.status).toBe('ACTIVE');
    await c.post(`/api/smartlead/campaigns/${id}/status`, { action: 'stop' });
    expect(
      (await c.request('PUT', `/api/smartlead/campaigns/${id}`, { schedule: SCHEDULE })).statusCode,
    ).toBe(409);
  });

  it('edited A/B variants replace the old ones, updated under their ids, never added beside them', async () => {
    const ab = (tag: string, n = 2): Step => ({
      delayDays: 0,
      variants: ['A', 'B', 'C']
        .slice(0, n)
        .map((l) => ({ subject: `${tag} ${l}`, body: `Body ${tag} ${l}.` })),
    });
    const { c, id, remote } = await running([
      ab('First'),
      { delayDays: 2, variants: [{ subject: '', body: 'Bump.' }] },
    ]);
    const variants = (i = 0) => remote.sequences[i]!.seq_variants as { id: number; subject: string }[];
    const before = variants().map((v) => v.id);
    expect(before).toHaveLength(2);
    const edit = async (steps: Step[]) =>
      expect((await c.request('PUT', `/api/smartlead/campaigns/${id}`, { steps })).statusCode).toBe(200);

    await edit([ab('Second'), { delayDays: 2, variants: [{ subject: '', body: 'Bump.' }] }]);
    expect(variants().map((v) => [v.id, v.subject])).toEqual([
      [before[0], 'Second A'],
      [before[1], 'Second B'],
    ]);
    // A third variant is created beside the two, which keep their ids.
    await edit([ab('Third', 3)]);
    expect(remote.sequences).toHaveLength(1);
    expect(variants().map((v) => v.subject)).toEqual(['Third A', 'Third B', 'Third C']);
    expect(
      variants()
        .slice(0, 2)
        .map((v) => v.id),
    ).toEqual(before);
    // Fewer variants: Smartlead documents no way to delete one, so the step is sent anew without them.
    await edit([ab('Fourth', 2)]);
    expect(variants().map((v) => v.subject)).toEqual(['Fourth A', 'Fourth B']);
    await edit([{ delayDays: 0, variants: [{ subject: 'Only one', body: 'Plain.' }] }]);
    expect(remote.sequences[0]).toMatchObject({ subject: 'Only one', email_body: 'Plain.' });
    expect(remote.sequences[0]!.seq_variants ?? []).toEqual([]);
    const detail = (await c.get(`/api/smartlead/campaigns/${id}`)).json();
    expect(detail.remote.steps[0].variants).toEqual([{ subject: 'Only one', body: 'Plain.' }]);
  });
});
