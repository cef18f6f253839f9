import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// A person's API tokens in a workspace end with their place there: a token that was only dead while its
// creator was away answered again once they were invited back.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://app.example.test' } });
});
afterAll(() => t?.close());

const tokenOf = (link: string) => link.split('/invite/')[1];

async function join(o: TestClient, ownerId: string, c: TestClient, email: string) {
  const inv = await o.post('/api/workspaces/current/invitations', { email, role: 'admin' });
  expect(inv.statusCode, inv.body).toBe(201);
  expect((await c.post('/api/invitations/accept', { token: tokenOf(inv.json().link) })).statusCode).toBe(200);
  expect((await c.post('/api/workspaces/switch', { workspaceId: ownerId })).statusCode).toBe(200);
}

describe("a member's API tokens", () => {
  it('are revoked when the member is removed or leaves, and stay dead when they are invited again', async () => {
    for (const end of ['removed', 'left'] as const) {
      const o = new TestClient(t.app);
      const owner = await o.register({ plan: 'whitelabel' });
      const c = new TestClient(t.app);
      const me = await c.register();
      await join(o, owner.id, c, me.email);
      const made = await c.post('/api/api-tokens', { name: 'script' });
      expect(made.statusCode, made.body).toBe(201);
      const token: string = made.json().token;
      expect((await bearer(t.app, token).get('/api/v1/lists')).statusCode).toBe(200);

      if (end === 'removed') await o.request('DELETE', `/api/workspaces/current/members/${me.id}`);
      else expect((await c.post('/api/workspaces/current/leave', {})).statusCode).toBe(200);
      expect((await bearer(t.app, token).get('/api/v1/lists')).statusCode, end).toBe(401);
      expect((await o.get('/api/api-tokens')).json(), end).toEqual([]);

      await join(o, owner.id, c, me.email);
      expect((await bearer(t.app, token).get('/api/v1/lists')).statusCode, end).toBe(401);
    }
  });
});
