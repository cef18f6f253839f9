import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// The activity log (recorded from the route table in activity.ts) and the invitation mail through a relay.
let t: TestApp;
let relay: FakeSmtp;
beforeAll(async () => {
  relay = await startFakeSmtp({ host: '127.0.0.41', catchAll: true, acceptData: true });
  t = await createTestApp({
    env: {
      SMTP_RELAY_URL: `smtp://mailer:s3cret@127.0.0.41:${relay.port}`,
      MAIL_FROM: 'Verilead <team@example.test>',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

type Entry = { action: string; actor: string; target: string; targetLabel: string | null; detail: object };
const activity = async (c: TestClient, query = '') => {
  const res = await c.get(`/api/workspaces/current/activity${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { entries: Entry[]; total: number; scope: string; page: number };
};

describe('invitation mail', () => {
  it('goes through the configured relay with the link, authenticated', async () => {
    const c = new TestClient(t.app);
    const me = await c.register({ plan: 'whitelabel' });
    const res = await c.post('/api/workspaces/current/invitations', {
      email: 'dana@example.com',
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    const { link, emailed, emailError } = res.json();
    expect([emailed, emailError]).toEqual([true, null]);
    const mail = relay.stats.messages.at(-1);
    expect(mail?.to).toEqual(['dana@example.com']);
    expect(mail?.from).toBe('<team@example.test>');
    expect(mail?.auth).toBe('\0mailer\0s3cret');
    expect(mail?.text).toContain(`Subject: ${me.username} invited you to "${me.username}" on Verilead`);
    expect(mail?.text).toContain(link);
    expect(mail?.text).toMatch(/on Verilead as an admin/);
  });

  it('names the product as the workspace brands it (White Label)', async () => {
    const c = new TestClient(t.app);
    const me = await c.register({ plan: 'whitelabel' });
    const branded = await c.request('PUT', '/api/branding', { productName: 'Acme Leads' });
    expect(branded.statusCode, branded.body).toBe(200);
    const res = await c.post('/api/workspaces/current/invitations', { email: 'erin@example.com' });
    expect(relay.stats.messages.at(-1)?.text).toContain(`invited you to "${me.username}" on Acme Leads`);
    const token = res.json().link.split('/invite/')[1];
    const preview = await new TestClient(t.app).get(`/api/invitations/preview?token=${token}`);
    expect(preview.json()).toMatchObject({ productName: 'Acme Leads', workspaceName: me.username });
  });
});

describe('activity log', () => {
  it('records who started a verification and who exported, newest first', async () => {
    const owner = new TestClient(t.app);
    const o = await owner.register({ plan: 'whitelabel' });
    const up = await uploadCsv(owner, 'leads.csv', 'email\nann@example.com\nben@example.com\n');
    expect(up.statusCode).toBe(201);
    const uploadId = up.json().uploadId;
    t.clock.advance(1000);
    expect((await owner.post(`/api/verify/${uploadId}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await owner.get(`/api/upload/${uploadId}/export?type=all`)).statusCode).toBe(200);
    // A failed request records nothing.
    expect(
      (await owner.get('/api/upload/00000000-0000-4000-8000-000000000000/export?type=all')).statusCode,
    ).toBe(404);

    const log = await activity(owner);
    expect(log.scope).toBe('all');
    expect(log.entries.map((e) => [e.action, e.actor, e.target, e.targetLabel])).toEqual([
      ['list.exported', o.username, uploadId, 'leads.csv'],
      ['verification.started', o.username, uploadId, 'leads.csv'],
      ['list.uploaded', o.username, uploadId, 'leads.csv'],
    ]);
    expect(log.entries[0].detail).toMatchObject({ type: 'all' });
  });

  it('shows members the work but not settings, keys or member management; pages', async () => {
    const owner = new TestClient(t.app);
    const o = await owner.register({ plan: 'whitelabel' });
    const member = new TestClient(t.app);
    const m = await member.register();
    const inv = (await owner.post('/api/workspaces/current/invitations', { email: m.email })).json();
    await member.post('/api/invitations/accept', { token: inv.link.split('/invite/')[1] });
    await member.post('/api/workspaces/switch', { workspaceId: o.id });
    expect((await owner.post('/api/api-tokens', { name: 'Zapier', scopes: ['downloads'] })).statusCode).toBe(
      201,
    );
    const up = await uploadCsv(member, 'team.csv', 'email\ncid@example.com\n');
    expect(up.statusCode).toBe(201);

    const all = await activity(owner);
    expect(all.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'list.uploaded',
        'keys.api_token_created',
        'members.joined',
        'members.invited',
      ]),
    );
    const token = all.entries.find((e) => e.action === 'keys.api_token_created');
    expect(token?.targetLabel).toBe('Zapier');
    const seen = await activity(member);
    expect(seen.scope).toBe('work');
    expect(seen.entries.map((e) => e.action).sort()).toEqual(['list.uploaded', 'members.joined']);
    expect(seen.entries.find((e) => e.action === 'list.uploaded')?.actor).toBe(m.username);

    const page2 = await activity(owner, '?page=2&pageSize=2');
    expect(page2.total).toBe(all.total);
    expect(page2.entries).toHaveLength(2);
    expect(page2.page).toBe(2);
  });

  it('records API v1 work in the workspace of the token, marked as done through the API', async () => {
    const owner = new TestClient(t.app);
    const o = await owner.register({ plan: 'whitelabel' });
    const created = await owner.post('/api/api-tokens', {
      name: 'CRM sync',
      scopes: ['lists:write', 'lists:read'],
    });
    expect(created.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${created.json().token}` };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: bearer,
      payload: { emails: ['ann@example.com'], name: 'from-crm.csv' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = (await activity(owner)).entries.find((e) => e.action === 'verification.started');
    expect(entry).toMatchObject({ actor: o.username, target: res.json().id, detail: { via: 'api' } });
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(t.app).get('/api/workspaces/current/activity')).statusCode).toBe(401);
  });
});
