import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import { deliverTo, sentCampaign } from '../../../../../tests/helpers/send-outcomes';
import { startSmartleadApp, stopSmartleadApp } from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import { pollOutcomes } from './poll';

// Activity over time (decision 0202): what Smartlead reports (webhook events, and the poll for what the
// webhook missed) counted per UTC day for a campaign or the workspace, each event once.

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  ({ t, fake } = await startSmartleadApp({ env: { PUBLIC_URL: 'https://app.verilead.test' } }));
});
afterAll(() => stopSmartleadApp(t, fake));

const DAY1 = '2026-11-02T09:00:00.000Z';
const DAY2 = '2026-11-03T15:30:00.000Z';

describe('campaign activity over time', () => {
  it('counts sent, opened, clicked, replied and bounced per day, for a campaign and the workspace', async () => {
    const tag = Date.now().toString(36);
    const [a, b, c] = ['a', 'b', 'c'].map((n) => `${n}.${tag}@acme.com`);
    const s = await sentCampaign(t, fake, [{ email: a }, { email: b }, { email: c }]);
    const deliver = deliverTo(t);
    const ev = (email: string, type: Parameters<typeof fake.leadEvent>[2], at: string) =>
      fake.leadEvent(s.smartleadId, email, type, at, deliver);
    for (const e of [a, b, c]) await ev(e, 'EMAIL_SENT', DAY1);
    await ev(a, 'EMAIL_OPEN', DAY1);
    await ev(a, 'EMAIL_OPEN', DAY2); // a second open of the same message counts once
    await ev(b, 'EMAIL_OPEN', DAY2);
    await ev(b, 'EMAIL_LINK_CLICK', DAY2);
    await ev(b, 'EMAIL_REPLY', DAY2);
    await ev(c, 'EMAIL_BOUNCE', DAY2);
    // The poll finds the same events again: nothing counts twice.
    await pollOutcomes({ db: t.database.db, config: t.config, now: new Date() });

    const res = await s.c.get(
      `/api/smartlead/activity?from=2026-11-01&to=2026-11-04&campaignId=${(await s.c.get('/api/smartlead/campaigns')).json()[0].id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
    ]);
    expect(body.days[0]).toEqual({
      date: '2026-11-01',
      sent: 0,
      opened: 0,
      clicked: 0,
      replied: 0,
      bounced: 0,
    });
    expect(body.days[1]).toEqual({
      date: '2026-11-02',
      sent: 3,
      opened: 1,
      clicked: 0,
      replied: 0,
      bounced: 0,
    });
    expect(body.days[2]).toEqual({
      date: '2026-11-03',
      sent: 0,
      opened: 1,
      clicked: 1,
      replied: 1,
      bounced: 1,
    });
    expect(body.totals).toEqual({ sent: 3, opened: 2, clicked: 1, replied: 1, bounced: 1 });
    // The workspace: the same (one campaign).
    const all = (await s.c.get('/api/smartlead/activity?from=2026-11-01&to=2026-11-04')).json();
    expect(all.totals).toEqual(body.totals);

    // As a spreadsheet.
    const csv = await s.c.get('/api/smartlead/activity/export?from=2026-11-02&to=2026-11-03');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['date,sent,opened,clicked,replied,bounced', '2026-11-02,3,1,0,0,0', '2026-11-03,0,1,1,1,1']);
  });

  it('answers 404 for another workspace’s campaign and 400 for a bad range', async () => {
    const tag = Date.now().toString(36);
    const s = await sentCampaign(t, fake, [{ email: `x.${tag}@acme.com` }]);
    const campaignId = (await s.c.get('/api/smartlead/campaigns')).json()[0].id;
    const other = new TestClient(t.app);
    await other.register();
    expect(
      (await other.get(`/api/smartlead/activity?from=2026-11-01&to=2026-11-02&campaignId=${campaignId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.get('/api/smartlead/activity?from=2026-11-01&to=2026-11-02')).json().totals.sent,
    ).toBe(0);
    expect((await s.c.get('/api/smartlead/activity?from=2026-11-05&to=2026-11-01')).statusCode).toBe(400);
    expect((await s.c.get('/api/smartlead/activity?from=2025-01-01&to=2026-11-01')).statusCode).toBe(400);
    expect((await s.c.get('/api/smartlead/activity?from=yesterday&to=2026-11-01')).statusCode).toBe(400);
  });
});
