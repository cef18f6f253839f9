import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { outcomeKey } from '../../../../../tests/fakes/smartlead-outcomes';
import { TestClient } from '../../../../../tests/helpers/client';
import { deliverTo, sentCampaign } from '../../../../../tests/helpers/send-outcomes';
import { startSmartleadApp, stopSmartleadApp } from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';

// Replies and lead categories (decision 0202): the workspace's replies in one list, a lead's conversation
// from Smartlead as plain text, its category, pausing it and answering it, against the fake Smartlead.

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  ({ t, fake } = await startSmartleadApp({ env: { PUBLIC_URL: 'https://app.verilead.test' } }));
});
afterAll(() => stopSmartleadApp(t, fake));

async function repliedCampaign() {
  const tag = Date.now().toString(36);
  const [ann, bob] = [`ann.${tag}@acme.com`, `bob.${tag}@acme.com`];
  const s = await sentCampaign(t, fake, [{ email: ann }, { email: bob }]);
  const deliver = deliverTo(t);
  for (const e of [ann, bob]) await fake.leadEvent(s.smartleadId, e, 'EMAIL_SENT', undefined, deliver);
  await fake.leadEvent(s.smartleadId, ann, 'EMAIL_REPLY', undefined, deliver);
  const campaignId = (await s.c.get('/api/smartlead/campaigns')).json()[0].id as string;
  const lead = (path: string) =>
    `/api/smartlead/campaigns/${campaignId}/leads/${encodeURIComponent(ann)}${path}`;
  return { ...s, ann, bob, campaignId, lead };
}

describe('replies and lead categories', () => {
  it('lists the reply, shows the conversation as text, categorises, pauses and answers the lead', async () => {
    const s = await repliedCampaign();
    const list = (await s.c.get('/api/smartlead/replies')).json();
    expect(list.replies).toEqual([
      expect.objectContaining({ campaignId: s.campaignId, email: s.ann, category: null }),
    ]);
    expect(list.categories.map((c: { name: string }) => c.name)).toContain('Interested');

    const conv = (await s.c.get(s.lead('/conversation'))).json();
    expect(conv.messages.map((m: { direction: string }) => m.direction)).toEqual(['sent', 'reply']);
    // The reply's HTML arrives as text: no markup reaches the page.
    expect(conv.messages[1].text).toBe('Thanks, tell me more. Next week works.');

    const set = await s.c.post(s.lead('/category'), { categoryId: 1, pauseLead: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ id: 1, name: 'Interested' });
    const thread = fake.threads.get(outcomeKey(s.smartleadId, s.ann));
    expect(thread).toMatchObject({ categoryId: 1, paused: true });
    expect((await s.c.get('/api/smartlead/replies?category=1')).json().replies).toHaveLength(1);
    expect((await s.c.get('/api/smartlead/replies?category=none')).json().replies).toHaveLength(0);
    expect((await s.c.get(s.lead('/conversation'))).json().category).toEqual({ id: 1, name: 'Interested' });

    expect((await s.c.post(s.lead('/action'), { action: 'unsubscribe' })).statusCode).toBe(200);
    expect(fake.threads.get(outcomeKey(s.smartleadId, s.ann))?.unsubscribed).toBe(true);

    const sent = await s.c.post(s.lead('/reply'), { text: 'Great, Tuesday at 10?\n\n<b>Best</b>' });
    expect(sent.statusCode, sent.body).toBe(200);
    // Sent as HTML Smartlead expects, the user's text escaped.
    expect(thread?.sentReplies.at(-1)?.body).toBe(
      '<p>Great, Tuesday at 10?</p><p>&lt;b&gt;Best&lt;/b&gt;</p>',
    );
    expect((await s.c.get(s.lead('/conversation'))).json().messages).toHaveLength(3);
  });

  it('refuses what it must: another workspace, an unknown category, no thread, and says when Smartlead fails', async () => {
    const s = await repliedCampaign();
    const other = new TestClient(t.app);
    await other.register();
    expect((await other.get(s.lead('/conversation'))).statusCode).toBe(404);
    expect((await other.post(s.lead('/category'), { categoryId: 1 })).statusCode).toBe(404);
    expect((await other.get('/api/smartlead/replies')).json().replies).toEqual([]);
    expect((await s.c.post(s.lead('/category'), { categoryId: 99 })).statusCode).toBe(400);
    // bob never replied: nothing to answer.
    const bobReply = await s.c.post(
      `/api/smartlead/campaigns/${s.campaignId}/leads/${encodeURIComponent(s.bob)}/reply`,
      { text: 'Hello?' },
    );
    expect(bobReply.statusCode).toBe(409);
    expect((await s.c.post(s.lead('/reply'), { text: '   ' })).statusCode).toBe(400);
    // Smartlead down: a readable 502, and the inbox still lists the replies (without category names).
    fake.inject({ status: 500, times: 20, path: /message-history|fetch-categories/ });
    const down = await s.c.get(s.lead('/conversation'));
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/Smartlead/);
    const list = (await s.c.get('/api/smartlead/replies')).json();
    expect(list.replies).toHaveLength(1);
    expect(list.categories).toEqual([]);
  });
});
