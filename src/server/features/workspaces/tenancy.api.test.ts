import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { newApiKey, TEST_ENCRYPTION_KEY } from '../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { scrapeJobs } from '../scraper/schema';

// Data belongs to the workspace a request acts in, and roles gate what costs money or exposes it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } });
});
afterAll(async () => {
  await t?.close();
});

const addMember = (workspaceId: string, userId: string, role: 'owner' | 'admin' | 'member') =>
  t.database.raw.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
    workspaceId,
    userId,
    role,
  ]);

async function person(plan?: string) {
  const c = new TestClient(t.app);
  const me = await c.register(plan ? { plan } : {});
  return { c, id: me.id as string };
}

async function upload(c: TestClient, name: string) {
  const res = await uploadCsv(c, name, 'email\nann@example.com\nbob@example.com\n');
  expect(res.statusCode).toBe(201);
  return res.json().uploadId as string;
}

const uploadIds = async (c: TestClient) =>
  ((await c.get('/api/uploads')).json() as { id: string }[]).map((u) => u.id);

describe('workspace tenancy', () => {
  it("shows a member the workspace's uploads once they switch to it, and not before", async () => {
    const owner = await person();
    const member = await person();
    const shared = await upload(owner.c, 'team.csv');
    const own = await upload(member.c, 'mine.csv');
    await addMember(owner.id, member.id, 'member');

    expect(await uploadIds(member.c)).toEqual([own]);
    expect((await member.c.get(`/api/upload/${shared}/status`)).statusCode).toBe(404);

    expect((await member.c.post('/api/workspaces/switch', { workspaceId: owner.id })).statusCode).toBe(200);
    expect(await uploadIds(member.c)).toEqual([shared]);
    expect((await member.c.get(`/api/upload/${shared}/status`)).statusCode).toBe(200);
    expect((await member.c.get(`/api/upload/${shared}/export`)).statusCode).toBe(200);
    // What a member uploads there belongs to the workspace: the owner sees it.
    const added = await upload(member.c, 'added.csv');
    expect((await uploadIds(owner.c)).sort()).toEqual([shared, added].sort());
    // Their own (personal) upload is not in the shared workspace.
    expect((await member.c.get(`/api/upload/${own}/status`)).statusCode).toBe(404);
  });

  it("answers another workspace's upload id like a missing one (404)", async () => {
    const a = await person();
    const b = await person();
    const id = await upload(a.c, 'a.csv');
    for (const path of [
      `/api/upload/${id}/status`,
      `/api/upload/${id}/results`,
      `/api/upload/${id}/export`,
    ]) {
      const res = await b.c.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await b.c.post(`/api/verify/${id}`)).statusCode).toBe(404);
  });

  it('lets admins and owners manage keys, and refuses members with 403 forbidden', async () => {
    const owner = await person('whitelabel');
    const admin = await person();
    const member = await person();
    await addMember(owner.id, admin.id, 'admin');
    await addMember(owner.id, member.id, 'member');
    for (const p of [admin, member]) {
      expect((await p.c.post('/api/workspaces/switch', { workspaceId: owner.id })).statusCode).toBe(200);
    }

    const refused = await member.c.post('/api/smartlead/settings', { apiKey: newApiKey() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', requiredRole: 'admin', role: 'member' });
    expect((await member.c.post('/api/api-tokens', { name: 'script' })).statusCode).toBe(403);
    expect(
      (await member.c.post('/api/webhooks', { url: 'https://example.com/hook', events: ['list.completed'] }))
        .statusCode,
    ).toBe(403);
    expect((await member.c.get('/api/smartlead/settings')).json().hasApiKey).toBe(false);

    expect((await admin.c.post('/api/smartlead/settings', { apiKey: newApiKey() })).statusCode).toBe(200);
    // The key is the workspace's: every member sees it configured, the admin's personal one is untouched.
    expect((await member.c.get('/api/smartlead/settings')).json().hasApiKey).toBe(true);
    expect((await owner.c.get('/api/smartlead/settings')).json().hasApiKey).toBe(true);
    const token = await admin.c.post('/api/api-tokens', { name: 'script' });
    expect(token.statusCode).toBe(201);
    expect((await owner.c.get('/api/api-tokens')).json().map((x: { id: string }) => x.id)).toEqual([
      token.json().id,
    ]);
  });

  it('refuses billing changes to members', async () => {
    const owner = await person();
    const member = await person();
    await addMember(owner.id, member.id, 'member');
    await member.c.post('/api/workspaces/switch', { workspaceId: owner.id });
    const res = await member.c.post('/api/create-subscription', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await member.c.post('/api/subscription/change-plan', { plan: 'whitelabel' })).statusCode).toBe(
      403,
    );
  });

  it("applies the workspace's plan to whoever works in it", async () => {
    const owner = await person('whitelabel');
    const member = await person('hobbyist');
    await addMember(owner.id, member.id, 'member');
    expect((await member.c.get('/api/billing/plan')).json().plan).toBe('hobbyist');
    await member.c.post('/api/workspaces/switch', { workspaceId: owner.id });
    expect((await member.c.get('/api/billing/plan')).json().plan).toBe('whitelabel');
    expect((await member.c.get('/api/usage')).json().plan.plan).toBe('whitelabel');
  });

  it("acts with an API token in the token's workspace, until its creator leaves it", async () => {
    const owner = await person('whitelabel');
    const admin = await person();
    await addMember(owner.id, admin.id, 'admin');
    await admin.c.post('/api/workspaces/switch', { workspaceId: owner.id });
    const shared = await upload(owner.c, 'team.csv');
    const [job] = await t.database.db
      .insert(scrapeJobs)
      .values({
        workspaceId: owner.id,
        status: 'completed',
        mode: 'keyword',
        keywords: ['x'],
        location: 'US',
        createdAt: t.clock(),
        maxItems: 1,
      })
      .returning();
    const download = `/api/scrape-job/${job.id}/download-cleaned`;
    const { token } = (await admin.c.post('/api/api-tokens', { name: 'script' })).json();

    const lists = await bearer(t.app, token).get('/api/v1/lists');
    expect(lists.statusCode).toBe(200);
    expect(lists.json().data.map((l: { id: string }) => l.id)).toEqual([shared]);
    expect((await bearer(t.app, token).get(`/api/v1/lists/${shared}/export`)).statusCode).toBe(200);
    expect((await bearer(t.app, token).get(download)).statusCode).toBe(200);

    await t.database.raw.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
      owner.id,
      admin.id,
    ]);
    expect((await bearer(t.app, token).get('/api/v1/lists')).statusCode).toBe(401);
    expect((await bearer(t.app, token).get(download)).statusCode).toBe(401);
  });
});
