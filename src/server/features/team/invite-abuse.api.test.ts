import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Probe findings 1 and 2 (decision 0830): invitation links never built on a raw Host header, invitations rate
// limited per workspace and per account, no link or markup from chosen names in the mail, and an
// invitation that does not outlive its inviter's place in the workspace.
let t: TestApp;
let relay: FakeSmtp;
beforeAll(async () => {
  relay = await startFakeSmtp({ host: '127.0.0.43', catchAll: true, acceptData: true });
  t = await createTestApp({
    env: {
      SMTP_RELAY_URL: `smtp://127.0.0.43:${relay.port}`,
      WORKSPACE_INVITES_PER_HOUR: '3',
      ACCOUNT_INVITES_PER_HOUR: '5',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

const invite = (c: TestClient, email: string, role = 'member', headers: Record<string, string> = {}) =>
  c.request('POST', '/api/workspaces/current/invitations', { email, role }, headers);
const tokenOf = (link: string) => link.split('/invite/')[1];

async function owner(username?: string) {
  const c = new TestClient(t.app);
  const email = `o${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const me = await c.register({ plan: 'whitelabel', ...(username ? { username, email } : {}) });
  return { c, me };
}

describe('invitation links and mail', () => {
  it('never builds the link on a Host header it does not know: a bare path, and no mail', async () => {
    const { c } = await owner();
    const sent = relay.stats.messages.length;
    const res = await invite(c, 'victim@example.com', 'member', { host: 'evil.example' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().link).toMatch(/^\/invite\/[\w-]+$/);
    expect(res.json()).toMatchObject({ emailed: false });
    expect(res.json().emailError).toMatch(/PUBLIC_URL/);
    expect(relay.stats.messages.length).toBe(sent);
    const odd = await invite(c, 'victim2@example.com', 'member', { host: 'evil.example/phish?x=' });
    expect(odd.json().link).toMatch(/^\/invite\//);
    // The address the service itself runs on (loopback here) is trusted.
    const local = await invite(c, 'friend@example.com');
    expect(local.json().link).toMatch(/^http:\/\/localhost(:\d+)?\/invite\//);
    expect(local.json().emailed).toBe(true);
  });

  it('shows chosen names without links or markup: the invitation link is the only address', async () => {
    const name = `${Date.now().toString(36)} Security notice: verify at http://evil.example/x <a href=x>now</a>`;
    const { c } = await owner(name.slice(0, 64));
    const res = await invite(c, 'target@example.com');
    expect(res.statusCode, res.body).toBe(201);
    const mail = relay.stats.messages.at(-1)?.text ?? '';
    expect(mail).toContain(res.json().link);
    // `<a ` or `<a>`, not any `<a`: the Message-ID header is `<` and a random id that may begin with "a".
    expect(mail).not.toMatch(/evil\.example|http:\/\/evil|<a[\s>]|href/);
    expect(mail.match(/https?:\/\/\S+/g)).toEqual([res.json().link]);
  });

  it("normalises the inviter's name before reducing it: a fullwidth dot does not carry a host name", async () => {
    const name = `${Date.now().toString(36)} Security: re-verify at evil．com/login now`;
    const { c } = await owner(name);
    const res = await invite(c, 'fullwidth@example.com');
    expect(res.statusCode, res.body).toBe(201);
    // The whole message as the relay got it: the subject line and the body.
    const mail = relay.stats.messages.at(-1)?.text ?? '';
    expect(mail.match(/^Subject: .*$/m)?.[0]).toContain('Security re-verify at evil[.]com login now');
    expect(mail.split('re-verify at evil[.]com login now').length).toBeGreaterThanOrEqual(3);
    expect(mail).not.toMatch(/evil\s*[.．]\s*com|．|Security:/);
  });
});

describe('invitation rate limits', () => {
  it('stop a workspace after WORKSPACE_INVITES_PER_HOUR, and an account after ACCOUNT_INVITES_PER_HOUR', async () => {
    const { c, me } = await owner();
    for (let i = 0; i < 3; i++) expect((await invite(c, `w${i}@example.com`)).statusCode).toBe(201);
    const limited = await invite(c, 'w3@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many invitations/);
    // Another workspace of the same account: its own 3, but the account's 5 in all.
    const [w] = await t.database.raw.query<{ id: string }>(
      "INSERT INTO workspaces (name, plan, trial_ends_at) VALUES ('Agency', 'whitelabel', now() + interval '7 days') RETURNING id",
    );
    await t.database.raw.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')",
      [w.id, me.id],
    );
    expect((await c.post('/api/workspaces/switch', { workspaceId: w.id })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await invite(c, `a${i}@example.com`)).statusCode).toBe(201);
    expect((await invite(c, 'a2@example.com')).statusCode).toBe(429);
    t.clock.advance(3_600_001);
    expect((await invite(c, 'a2@example.com')).statusCode).toBe(201);
  });
});

describe('an invitation and its inviter', () => {
  async function adminOf(o: { c: TestClient; me: { id: string } }) {
    const c = new TestClient(t.app);
    const me = await c.register();
    const inv = await invite(o.c, me.email, 'admin');
    expect((await c.post('/api/invitations/accept', { token: tokenOf(inv.json().link) })).statusCode).toBe(
      200,
    );
    expect((await c.post('/api/workspaces/switch', { workspaceId: o.me.id })).statusCode).toBe(200);
    return { c, me };
  }

  it('is withdrawn when the inviter is removed, leaves or loses the admin role', async () => {
    for (const end of ['removed', 'left', 'demoted'] as const) {
      t.clock.advance(3_600_001); // a fresh hour for the invitation limits
      const o = await owner();
      const admin = await adminOf(o);
      const sent = await invite(admin.c, `second-${end}@example.com`, 'admin');
      expect(sent.statusCode, sent.body).toBe(201);
      if (end === 'removed') await o.c.request('DELETE', `/api/workspaces/current/members/${admin.me.id}`);
      if (end === 'left') await admin.c.post('/api/workspaces/current/leave', {});
      if (end === 'demoted')
        await o.c.request('PATCH', `/api/workspaces/current/members/${admin.me.id}`, { role: 'member' });
      const other = new TestClient(t.app);
      await other.register();
      const accept = await other.post('/api/invitations/accept', { token: tokenOf(sent.json().link) });
      expect(accept.statusCode, `${end}: ${accept.body}`).toBe(410);
      expect(accept.json().message).toMatch(/withdrawn/);
    }
  });

  it('lapses when its inviter deletes their account, and is checked again at acceptance', async () => {
    t.clock.advance(3_600_001);
    const o = await owner();
    const admin = await adminOf(o);
    const sent = await invite(admin.c, 'x2@attacker.test', 'admin');
    expect(sent.statusCode, sent.body).toBe(201);
    const token = tokenOf(sent.json().link);
    const gone = await admin.c.post('/api/account/delete', { password: admin.me.password });
    expect(gone.statusCode, gone.body).toBe(200);
    const x2 = new TestClient(t.app);
    await x2.register();
    expect((await x2.get(`/api/invitations/preview?token=${token}`)).json().state).toBe('revoked');
    const accept = await x2.post('/api/invitations/accept', { token });
    expect(accept.statusCode, accept.body).toBe(410);
    expect(accept.json().message).toMatch(/withdrawn/);
    expect((await o.c.get('/api/workspaces/current/invitations')).json()).toEqual([]);

    // An inviter who lost the role by a path that withdrew nothing (a direct change of the row) is
    // caught at acceptance all the same.
    t.clock.advance(3_600_001);
    const admin2 = await adminOf(o);
    const sent2 = await invite(admin2.c, 'x3@attacker.test', 'admin');
    await t.database.raw.query(
      "UPDATE workspace_members SET role = 'member' WHERE workspace_id = $1 AND user_id = $2",
      [o.me.id, admin2.me.id],
    );
    const x3 = new TestClient(t.app);
    await x3.register();
    const refused = await x3.post('/api/invitations/accept', { token: tokenOf(sent2.json().link) });
    expect(refused.statusCode, refused.body).toBe(410);
    expect((await o.c.get('/api/workspaces/current/invitations')).json()).toEqual([]);
  });
});
