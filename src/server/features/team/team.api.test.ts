import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Team management: invitations (White Label only), acceptance, expiry, reuse, revocation and roles.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://app.example.test' } });
});
afterAll(() => t?.close());

/** A workspace that is nobody's personal one (created by hand: no route creates one yet). */
async function agency(ownerId: string) {
  const [w] = await t.database.raw.query<{ id: string }>(
    "INSERT INTO workspaces (name, plan, trial_ends_at) VALUES ('Agency', 'whitelabel', now() + interval '7 days') RETURNING id",
  );
  await t.database.raw.query(
    "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')",
    [w.id, ownerId],
  );
  return w.id;
}

const tokenOf = (link: string) => link.split('/invite/')[1];

async function owner(plan = 'whitelabel') {
  const c = new TestClient(t.app);
  const me = await c.register({ plan });
  return { c, me };
}
async function invite(c: TestClient, email: string, role = 'member') {
  const res = await c.post('/api/workspaces/current/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; link: string; emailed: boolean | null };
}
/** A second account that accepts an invitation of the owner's and works in that workspace. */
async function joined(o: { c: TestClient; me: { id: string } }, role = 'member') {
  const c = new TestClient(t.app);
  const me = await c.register();
  const inv = await invite(o.c, me.email, role);
  expect((await c.post('/api/invitations/accept', { token: tokenOf(inv.link) })).statusCode).toBe(200);
  expect((await c.post('/api/workspaces/switch', { workspaceId: o.me.id })).statusCode).toBe(200);
  return { c, me };
}

describe('invitations', () => {
  it('are part of the White Label plan: elsewhere a 403 with the upgrade path', async () => {
    const { c } = await owner('professional');
    const res = await c.post('/api/workspaces/current/invitations', { email: 'x@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', upgradeUrl: '/subscribe?plan=whitelabel' });
    expect(res.json().message).toMatch(/White Label plan/);
    const team = (await c.get('/api/workspaces/current/members')).json();
    expect(team.inviting).toMatchObject({ allowed: false, upgradeUrl: '/subscribe?plan=whitelabel' });
  });

  it('count the White Label trial, and stop when it has ended', async () => {
    const { c, me } = await owner();
    expect((await c.get('/api/workspaces/current/members')).json().inviting.allowed).toBe(true);
    const ended = new Date(t.clock().getTime() - 3_600_000);
    // The trial is the workspace's (its personal workspace has the owner's id).
    await t.database.raw.query('UPDATE workspaces SET trial_ends_at = $2 WHERE id = $1', [me.id, ended]);
    const res = await c.post('/api/workspaces/current/invitations', { email: 'y@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/trial .* has ended/);
  });

  it('give a single-use link that makes the invitee a member with the invited role', async () => {
    const o = await owner();
    const bob = new TestClient(t.app);
    const b = await bob.register();
    const inv = await invite(o.c, b.email.toUpperCase(), 'admin');
    expect(inv.link).toMatch(/^https:\/\/app\.example\.test\/invite\/[\w-]{40,}$/);
    expect(inv.emailed).toBeNull(); // no relay configured
    const pending = (await o.c.get('/api/workspaces/current/invitations')).json();
    expect(pending).toMatchObject([{ id: inv.id, email: b.email, role: 'admin', invitedBy: o.me.username }]);
    expect(JSON.stringify(pending)).not.toContain(tokenOf(inv.link));

    const anon = new TestClient(t.app);
    const preview = await anon.get(`/api/invitations/preview?token=${tokenOf(inv.link)}`);
    expect(preview.json()).toMatchObject({
      workspaceName: o.me.username,
      inviter: o.me.username,
      state: 'pending',
    });
    expect((await anon.post('/api/invitations/accept', { token: tokenOf(inv.link) })).statusCode).toBe(401);

    const res = await bob.post('/api/invitations/accept', { token: tokenOf(inv.link) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: o.me.id, role: 'admin', personal: false, current: false });
    const list = (await bob.get('/api/workspaces')).json();
    expect(list.map((w: { id: string }) => w.id)).toEqual([b.id, o.me.id]);
    // The same user again: already theirs. Anyone else: a clear "already used".
    expect((await bob.post('/api/invitations/accept', { token: tokenOf(inv.link) })).statusCode).toBe(200);
    const carol = new TestClient(t.app);
    await carol.register();
    const reuse = await carol.post('/api/invitations/accept', { token: tokenOf(inv.link) });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json().message).toMatch(/already been used/);
    expect((await o.c.get('/api/workspaces/current/invitations')).json()).toEqual([]);
    const team = (await o.c.get('/api/workspaces/current/members')).json();
    expect(team.members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      [o.me.username, 'owner'],
      [b.username, 'admin'],
    ]);
  });

  it('expire after WORKSPACE_INVITE_TTL_HOURS (72 by default)', async () => {
    const o = await owner();
    const bob = new TestClient(t.app);
    await bob.register();
    const inv = await invite(o.c, 'late@example.com');
    t.clock.advance(72 * 3_600_000 + 1000);
    try {
      const res = await bob.post('/api/invitations/accept', { token: tokenOf(inv.link) });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toMatch(/expired on .*Ask .* for a new invitation/);
      expect((await bob.get(`/api/invitations/preview?token=${tokenOf(inv.link)}`)).json().state).toBe(
        'expired',
      );
      expect((await o.c.get('/api/workspaces/current/invitations')).json()).toEqual([]);
    } finally {
      t.clock.advance(-(72 * 3_600_000 + 1000));
    }
  });

  it('can be revoked, and inviting the same address again replaces the earlier link', async () => {
    const o = await owner();
    const bob = new TestClient(t.app);
    const b = await bob.register();
    const first = await invite(o.c, b.email);
    const second = await invite(o.c, b.email);
    expect((await bob.post('/api/invitations/accept', { token: tokenOf(first.link) })).statusCode).toBe(410);
    expect((await o.c.request('DELETE', `/api/workspaces/current/invitations/${second.id}`)).statusCode).toBe(
      200,
    );
    const res = await bob.post('/api/invitations/accept', { token: tokenOf(second.link) });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/withdrawn/);
    expect((await bob.post('/api/invitations/accept', { token: 'not-a-real-token-at-all' })).statusCode).toBe(
      404,
    );
    // Another workspace's invitation id: 404, as for any row.
    const other = await owner();
    const theirs = await invite(other.c, 'z@example.com');
    expect((await o.c.request('DELETE', `/api/workspaces/current/invitations/${theirs.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuse someone who is already a member', async () => {
    const o = await owner();
    const m = await joined(o);
    const res = await o.c.post('/api/workspaces/current/invitations', { email: m.me.email });
    expect(res.statusCode).toBe(409);
  });
});

describe('roles', () => {
  it('members cannot invite (403); admins can', async () => {
    const o = await owner();
    const member = await joined(o, 'member');
    const res = await member.c.post('/api/workspaces/current/invitations', { email: 'm@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await member.c.get('/api/workspaces/current/invitations')).statusCode).toBe(403);
    const admin = await joined(o, 'admin');
    await invite(admin.c, 'n@example.com');
  });

  it('admins change roles and remove members, never the owner', async () => {
    const o = await owner();
    const admin = await joined(o, 'admin');
    const member = await joined(o, 'member');
    const patch = (c: TestClient, id: string, role: string) =>
      c.request('PATCH', `/api/workspaces/current/members/${id}`, { role });
    expect((await patch(admin.c, member.me.id, 'admin')).statusCode).toBe(200);
    expect((await patch(admin.c, o.me.id, 'member')).statusCode).toBe(403);
    expect((await admin.c.request('DELETE', `/api/workspaces/current/members/${o.me.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await admin.c.request('DELETE', `/api/workspaces/current/members/${member.me.id}`)).statusCode,
    ).toBe(200);
    // Removed: their next request works in their personal workspace again.
    expect((await member.c.get('/api/workspaces/current')).json().id).toBe(member.me.id);
    // Their old role no longer counts anywhere: there, the admin is not a member (404).
    expect((await patch(member.c, admin.me.id, 'member')).statusCode).toBe(404);
  });

  it('the last owner cannot leave; others can; nobody leaves their personal workspace', async () => {
    const o = await owner();
    const w = await agency(o.me.id);
    await o.c.post('/api/workspaces/switch', { workspaceId: w });
    const member = await joined({ c: o.c, me: { id: w } });
    const res = await o.c.post('/api/workspaces/current/leave');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/only owner .* Transfer ownership/);
    expect((await member.c.post('/api/workspaces/current/leave')).statusCode).toBe(200);
    expect((await member.c.get('/api/workspaces')).json()).toHaveLength(1);
    const home = await member.c.post('/api/workspaces/current/leave');
    expect(home.statusCode).toBe(400);
    expect(home.json().message).toMatch(/personal workspace/);
  });

  it('only the owner transfers ownership, and stays on as an admin', async () => {
    const o = await owner();
    const admin = await joined(o, 'admin');
    const member = await joined(o, 'member');
    expect(
      (await admin.c.post('/api/workspaces/current/transfer', { userId: member.me.id })).statusCode,
    ).toBe(403);
    expect((await o.c.post('/api/workspaces/current/transfer', { userId: member.me.id })).statusCode).toBe(
      200,
    );
    const roles = (await o.c.get('/api/workspaces/current/members')).json().members;
    const byId = Object.fromEntries(roles.map((m: { userId: string; role: string }) => [m.userId, m.role]));
    expect(byId).toEqual({ [member.me.id]: 'owner', [o.me.id]: 'admin', [admin.me.id]: 'admin' });
    expect(roles[0].userId).toBe(member.me.id);
    // The new owner cannot take the creator out of their personal workspace.
    expect((await member.c.request('DELETE', `/api/workspaces/current/members/${o.me.id}`)).statusCode).toBe(
      403,
    );
  });

  it('a personal workspace cannot be deleted; another one can, by its owner, with its name', async () => {
    const o = await owner();
    const personal = await o.c.request('DELETE', '/api/workspaces/current', { confirmName: o.me.username });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().message).toMatch(/personal workspace cannot be deleted/);

    const [w] = await t.database.raw.query<{ id: string }>(
      "INSERT INTO workspaces (name, plan, trial_ends_at) VALUES ('Agency', 'whitelabel', now() + interval '7 days') RETURNING id",
    );
    await t.database.raw.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')",
      [w.id, o.me.id],
    );
    await o.c.post('/api/workspaces/switch', { workspaceId: w.id });
    const wrong = await o.c.request('DELETE', '/api/workspaces/current', { confirmName: 'agency' });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await o.c.request('DELETE', '/api/workspaces/current', { confirmName: 'Agency' })).statusCode,
    ).toBe(200);
    expect((await o.c.get('/api/workspaces/current')).json().id).toBe(o.me.id);
    expect(await t.database.raw.query('SELECT 1 FROM workspaces WHERE id = $1', [w.id])).toHaveLength(0);
  });
});
