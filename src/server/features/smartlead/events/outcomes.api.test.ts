import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { eventPayload } from '../../../../../tests/fakes/smartlead-outcomes';
import { deliverTo, rowOf, sentCampaign as sentCampaignIn } from '../../../../../tests/helpers/send-outcomes';
import { startSmartleadApp, stopSmartleadApp } from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import { sendOutcomes } from '../../outcomes/schema';
import { sendEvents } from '../schema';
import { runSend } from '../sends/send';
import { pollOutcomes } from './poll';

// Send outcomes (decision 0220): Smartlead's campaign events reach the signed per-workspace URL registered on
// each campaign, are stored once per address, and teach the workspace's lists and suppression list.
describe('smartlead send outcomes', () => {
  let t: TestApp;
  let fake: FakeSmartlead;
  const PUBLIC_URL = 'https://app.verilead.test';

  beforeAll(async () => {
    ({ t, fake } = await startSmartleadApp({ env: { PUBLIC_URL } }));
  });
  afterAll(() => stopSmartleadApp(t, fake));

  const deliver = (url: string, payload: Record<string, unknown>) => deliverTo(t)(url, payload);
  const post = (path: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: path, payload });
  const sentCampaign = (rows: { email: string; verdict?: 'catch_all' }[]) => sentCampaignIn(t, fake, rows);

  it('registers the signed events URL on the campaign; a bounce makes the address invalid and suppressed', async () => {
    const tag = Date.now().toString(36);
    const ann = `ann.${tag}@acme.com`;
    const bob = `bob.${tag}@catchall.test`;
    const s = await sentCampaign([{ email: ann }, { email: bob, verdict: 'catch_all' }]);
    expect(s.hookUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/smartlead/events/[\\w-]+/[\\w-]+$`));
    expect(fake.webhooks.get(s.smartleadId)?.event_types).toEqual(
      expect.arrayContaining([
        'EMAIL_SENT',
        'EMAIL_OPEN',
        'EMAIL_LINK_CLICK',
        'EMAIL_BOUNCE',
        'EMAIL_REPLY',
        'LEAD_UNSUBSCRIBED',
      ]),
    );
    expect((await rowOf(s.c, s.uploadId, ann)).finalStatus).toBe('valid');
    const before = (await s.c.get(`/api/upload/${s.uploadId}/status`)).json();

    expect(await fake.leadEvent(s.smartleadId, ann, 'EMAIL_SENT', undefined, deliver)).toBe(200);
    expect(await fake.leadEvent(s.smartleadId, ann, 'EMAIL_BOUNCE', undefined, deliver)).toBe(200);
    expect(await fake.leadEvent(s.smartleadId, bob, 'LEAD_UNSUBSCRIBED', undefined, deliver)).toBe(200);

    const annRow = await rowOf(s.c, s.uploadId, ann);
    expect(annRow).toMatchObject({ finalStatus: 'invalid', reason: 'bounced', suppressed: true });
    // An unsubscribe suppresses without saying anything about the mailbox.
    expect(await rowOf(s.c, s.uploadId, bob)).toMatchObject({ finalStatus: 'risky', suppressed: true });
    const after = (await s.c.get(`/api/upload/${s.uploadId}/status`)).json();
    expect(after.stats.valid).toBe(before.stats.valid - 1);
    expect(after.stats.invalid).toBe(before.stats.invalid + 1);

    const list = (await s.c.get('/api/suppressions')).json();
    expect(list.items.map((i: { email: string; reason: string }) => [i.email, i.reason]).sort()).toEqual([
      [ann, 'bounced'],
      [bob, 'unsubscribed'],
    ]);
    // The send screen leaves both out and says why.
    const sendable = (await s.c.get('/api/smartlead/verified-emails')).json();
    expect(sendable.groups).toEqual([]);
    expect(sendable.heldBack).toEqual([
      { reason: 'bounced', count: 1 },
      { reason: 'unsubscribed', count: 1 },
    ]);
  });

  it('refuses a wrong signature or an unknown hook with 401, and stores nothing', async () => {
    const s = await sentCampaign([{ email: `sig.${Date.now().toString(36)}@acme.com` }]);
    const path = new URL(s.hookUrl!).pathname;
    const [, , , , hookId, signature] = path.split('/');
    const campaign = fake.campaigns.get(s.smartleadId)!;
    const payload = eventPayload({
      campaign,
      eventType: 'EMAIL_BOUNCE',
      email: [...campaign.leads.keys()][0],
      at: new Date().toISOString(),
      statsId: 'x1',
    });
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await post(`/api/smartlead/events/${hookId}/${flipped}`, payload)).statusCode).toBe(401);
    expect((await post(`/api/smartlead/events/nohook${hookId}/${signature}`, payload)).statusCode).toBe(401);
    expect((await post(`/api/smartlead/events/${hookId}/short`, payload)).statusCode).toBe(401);
    expect((await s.c.get('/api/suppressions')).json().total).toBe(0);
    // The right URL takes it.
    expect((await post(path, payload)).json()).toEqual({ status: 'stored' });
  });

  it('ignores a replayed event', async () => {
    const email = `replay.${Date.now().toString(36)}@acme.com`;
    const s = await sentCampaign([{ email }]);
    const campaign = fake.campaigns.get(s.smartleadId)!;
    const payload = eventPayload({
      campaign,
      eventType: 'EMAIL_REPLY',
      email,
      at: new Date().toISOString(),
      statsId: 'r1',
    });
    const path = new URL(s.hookUrl!).pathname;
    expect((await post(path, payload)).json()).toEqual({ status: 'stored' });
    expect((await post(path, payload)).json()).toEqual({ status: 'duplicate' });
    const bounce = { ...payload, event_type: 'EMAIL_BOUNCE' };
    expect((await post(path, bounce)).json()).toEqual({ status: 'stored' });
    // A bounce sent again later (another stats id, another time) is still the same bounce.
    expect(
      (await post(path, { ...bounce, stats_id: 'r2', event_timestamp: new Date().toISOString() })).json(),
    ).toEqual({
      status: 'duplicate',
    });
  });

  it("ignores another workspace's campaign sent to this workspace's URL", async () => {
    const mine = await sentCampaign([{ email: `mine.${Date.now().toString(36)}@acme.com` }]);
    const theirEmail = `theirs.${Date.now().toString(36)}@acme.com`;
    const theirs = await sentCampaign([{ email: theirEmail }]);
    const campaign = fake.campaigns.get(theirs.smartleadId)!;
    const payload = eventPayload({
      campaign,
      eventType: 'EMAIL_BOUNCE',
      email: theirEmail,
      at: new Date().toISOString(),
      statsId: 'o1',
    });
    const res = await post(new URL(mine.hookUrl!).pathname, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ignored' });
    expect((await mine.c.get('/api/suppressions')).json().total).toBe(0);
    expect((await theirs.c.get('/api/suppressions')).json().total).toBe(0);
    expect((await rowOf(theirs.c, theirs.uploadId, theirEmail)).finalStatus).toBe('valid');
    // Events we do not use are acknowledged too (Smartlead would otherwise retry them); an open is kept
    // for activity over time, and teaches nothing about the address.
    const category = { ...payload, campaign_id: mine.smartleadId, event_type: 'LEAD_CATEGORY_UPDATED' };
    expect((await post(new URL(mine.hookUrl!).pathname, category)).json()).toMatchObject({
      status: 'ignored',
    });
    const open = { ...payload, campaign_id: mine.smartleadId, event_type: 'EMAIL_OPEN' };
    expect((await post(new URL(mine.hookUrl!).pathname, open)).json()).toMatchObject({ status: 'stored' });
    expect((await mine.c.get('/api/suppressions')).json().total).toBe(0);
  });

  it('ends in the same state whatever order the events arrive in', async () => {
    const email = `order.${Date.now().toString(36)}@catchall.test`;
    const s = await sentCampaign([{ email, verdict: 'catch_all' }]);
    const sentAt = '2026-11-20T09:00:00.000Z';
    const bouncedAt = '2026-11-20T09:05:00.000Z';
    // The bounce first, then the send it belongs to, then the bounce again.
    await fake.leadEvent(s.smartleadId, email, 'EMAIL_BOUNCE', bouncedAt, deliver);
    await fake.leadEvent(s.smartleadId, email, 'EMAIL_SENT', sentAt, deliver);
    const [o] = await t.database.db
      .select()
      .from(sendOutcomes)
      .where(and(eq(sendOutcomes.workspaceId, s.user.id), eq(sendOutcomes.email, email)));
    expect(o.sentAt?.toISOString()).toBe(sentAt);
    expect(o.bouncedAt?.toISOString()).toBe(bouncedAt);
    expect(await rowOf(s.c, s.uploadId, email)).toMatchObject({ finalStatus: 'invalid', reason: 'bounced' });
  });

  it('polls campaign statistics when no webhook reaches us, counting each event once', async () => {
    const tag = Date.now().toString(36);
    const lost = `lost.${tag}@acme.com`;
    const seen = `seen.${tag}@acme.com`;
    const s = await sentCampaign([{ email: lost }, { email: seen }]);
    // One bounce reached the webhook; the other was lost (Smartlead could not reach us).
    await fake.leadEvent(s.smartleadId, seen, 'EMAIL_BOUNCE', undefined, deliver);
    fake.webhooks.delete(s.smartleadId);
    expect(await fake.leadEvent(s.smartleadId, lost, 'EMAIL_BOUNCE')).toBeNull();
    expect((await rowOf(s.c, s.uploadId, lost)).finalStatus).toBe('valid');

    // Other suites' campaigns share the database (PostgreSQL): poll until this one has had its turn.
    let stored = 0;
    for (let i = 0; i < 100 && (await rowOf(s.c, s.uploadId, lost)).finalStatus === 'valid'; i++) {
      stored += (await pollOutcomes({ db: t.database.db, config: t.config, now: t.clock() })).stored;
    }
    expect(stored).toBeGreaterThan(0);
    expect(await rowOf(s.c, s.uploadId, lost)).toMatchObject({
      finalStatus: 'invalid',
      reason: 'bounced',
      suppressed: true,
    });
    const list = await t.database.db
      .select({ kind: sendEvents.kind, source: sendEvents.source })
      .from(sendEvents)
      .where(and(eq(sendEvents.workspaceId, s.user.id), eq(sendEvents.email, seen)));
    // The bounce the webhook brought is not stored again by the poll (the poll adds its `sent`).
    expect(list.filter((e) => e.kind === 'bounced')).toEqual([{ kind: 'bounced', source: 'webhook' }]);
  });

  it('never sends a suppressed address to Smartlead again', async () => {
    const tag = Date.now().toString(36);
    const gone = `gone.${tag}@acme.com`;
    const kept = `kept.${tag}@acme.com`;
    const s = await sentCampaign([{ email: gone }, { email: kept }]);
    await fake.leadEvent(s.smartleadId, gone, 'EMAIL_BOUNCE', undefined, deliver);
    // The request names the whole list (both rows): the suppressed one is left out by the server.
    const res = await s.c.post('/api/smartlead/create-campaign', {
      campaignName: `Again ${tag}`,
      uploadIds: [s.uploadId],
    });
    expect(res.statusCode).toBe(201);
    await runSend({ db: t.database.db, config: t.config, clock: t.clock, campaignId: res.json().id });
    expect([...fake.campaigns.get(res.json().smartlead_id)!.leads.keys()]).toEqual([kept]);
    const only = await s.c.post('/api/smartlead/create-campaign', {
      campaignName: `Only ${tag}`,
      rowIds: [String((await rowOf(s.c, s.uploadId, gone)).id)],
    });
    expect(only.statusCode).toBe(400);
    expect(only.json().message).toMatch(/suppression list/);
  });
});
