import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const addMember = (workspaceId: string, userId: string, role: string) =>
  t.database.raw.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
    workspaceId,
    userId,
    role,
  ]);

describe('workspaces', () => {
  it('gives every new account a personal workspace it owns, with the same id', async () => {
    const c = new TestClient(t.app);
    const me = await c.register();
    const list = (await c.get('/api/workspaces')).json();
    expect(list).toEqual([{ id: me.id, name: me.username, role: 'owner', personal: true, current: true }]);
    expect((await c.get('/api/workspaces/current')).json()).toMatchObject({ id: me.id, role: 'owner' });
  });

  it('switches only into a workspace the user belongs to (another one answers 404)', async () => {
    const alice = new TestClient(t.app);
    const bob = new TestClient(t.app);
    const a = await alice.register();
    const b = await bob.register();
    expect((await bob.post('/api/workspaces/switch', { workspaceId: a.id })).statusCode).toBe(404);
    expect((await bob.get('/api/workspaces/current')).json().id).toBe(b.id);

    await addMember(a.id, b.id, 'member');
    const res = await bob.post('/api/workspaces/switch', { workspaceId: a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, role: 'member', personal: false });
    expect((await bob.get('/api/workspaces/current')).json()).toMatchObject({ id: a.id, role: 'member' });
    const list = (await bob.get('/api/workspaces')).json();
    expect(list.map((w: { id: string; current: boolean }) => [w.id, w.current])).toEqual([
      [b.id, false],
      [a.id, true],
    ]);

    // Removed from the workspace: the next request falls back to the personal one.
    await t.database.raw.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
      a.id,
      b.id,
    ]);
    expect((await bob.get('/api/workspaces/current')).json()).toMatchObject({ id: b.id, role: 'owner' });
  });

  it('needs a signed-in user', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/workspaces')).statusCode).toBe(401);
  });
});
