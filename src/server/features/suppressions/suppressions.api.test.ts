import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { seedVerifiedUpload } from '../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { suppressions } from './schema';

describe('suppression list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const user = async () => {
    const c = new TestClient(t.app);
    return { c, user: await c.register() };
  };

  it('adds by hand, lists newest first, searches, removes', async () => {
    const { c } = await user();
    expect((await c.get('/api/suppressions')).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      totalPages: 1,
    });
    expect((await c.post('/api/suppressions', { email: ' Ann@Acme.com ' })).json()).toEqual({
      added: 1,
      alreadyListed: 0,
      skipped: 0,
    });
    t.clock.advance(1000);
    await c.post('/api/suppressions', { email: 'bob@acme.com' });
    expect((await c.post('/api/suppressions', { email: 'bob@acme.com' })).json().alreadyListed).toBe(1);
    const bad = await c.post('/api/suppressions', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/valid email/);

    const list = (await c.get('/api/suppressions')).json();
    expect(list.items.map((i: { email: string }) => i.email)).toEqual(['bob@acme.com', 'ann@acme.com']);
    expect(list.items[1].reason).toBe('manual');
    expect((await c.get('/api/suppressions?search=AN')).json().items).toHaveLength(1);
    // LIKE wildcards in a search are taken literally.
    expect((await c.get('/api/suppressions?search=%25')).json().items).toHaveLength(0);

    expect((await c.request('DELETE', '/api/suppressions/ann@acme.com')).statusCode).toBe(200);
    expect((await c.request('DELETE', '/api/suppressions/ann@acme.com')).statusCode).toBe(404);
    expect((await c.get('/api/suppressions')).json().total).toBe(1);
  });

  it('imports a CSV (address in any column, header or not) and exports formula-safe CSV', async () => {
    const { c } = await user();
    const csv =
      'Name,E-mail\nAnn,ann@acme.com\nBob,BOB@acme.com\nNo address,\n=cmd,=1+1@evil.test\nAnn again,ann@acme.com\n';
    const res = await c.post('/api/suppressions/import', { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: 2,
      alreadyListed: 0,
      skipped: 1,
      refused: 1,
      refusedRows: [{ row: 5, value: '=1+1@evil.test', reason: 'Please enter a valid email address' }],
    });
    expect((await c.post('/api/suppressions/import', { csv: 'x@y.test' })).json()).toMatchObject({
      added: 1,
    });
    await c.post('/api/suppressions', { email: '+tag@acme.com' });

    const out = await c.get('/api/suppressions/export');
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toMatch(/text\/csv/);
    expect(out.headers['content-disposition']).toMatch(/suppressions-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = out.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,reason,added_at');
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith(`"'+tag@acme.com"`))).toBe(true);
    expect((await c.post('/api/suppressions/import', { csv: '' })).statusCode).toBe(400);
  });

  it('takes its own export back whole: the formula guard is undone, nothing else', async () => {
    const { c } = await user();
    const kept = ['+x@pub.test', '-dash@pub.test', "o'brien@pub.test", 'plain@pub.test'];
    for (const email of kept) expect((await c.post('/api/suppressions', { email })).statusCode).toBe(200);
    const exported = (await c.get('/api/suppressions/export')).body;
    expect(exported).toContain(`"'+x@pub.test"`);
    for (const email of kept) await c.request('DELETE', `/api/suppressions/${encodeURIComponent(email)}`);
    expect((await c.get('/api/suppressions')).json().total).toBe(0);

    const back = (await c.post('/api/suppressions/import', { csv: exported })).json();
    expect(back).toMatchObject({ added: 4, refused: 0, skipped: 0 });
    const listed = (await c.get('/api/suppressions')).json().items.map((i: { email: string }) => i.email);
    expect(listed.sort()).toEqual([...kept].sort());
    expect(listed).not.toContain("'+x@pub.test");
  });

  it('refuses in a file exactly what the manual add refuses, and says which rows', async () => {
    const { c } = await user();
    const cells = [
      '=1+1@pub.test',
      '=hyperlink(x)@x.com',
      '＝6@pub.test',
      '%0d%0a@x.com',
      '\t=1@x.com',
      '\r=1@x.com',
      "'=1+1@pub.test",
    ];
    for (const email of cells) expect((await c.post('/api/suppressions', { email })).statusCode).toBe(400);
    const csv = `email\r\n${cells.map((v) => `"${v}"`).join('\r\n')}\r\nfine@pub.test\r\n`;
    const res = (await c.post('/api/suppressions/import', { csv })).json();
    expect(res).toMatchObject({ added: 1, alreadyListed: 0, skipped: 0, refused: cells.length });
    expect(res.refusedRows).toHaveLength(5);
    expect(res.refusedRows[0]).toEqual({
      row: 2,
      value: '=1+1@pub.test',
      reason: 'Please enter a valid email address',
    });
    expect(res.refusedRows.map((r: { row: number }) => r.row)).toEqual([2, 3, 4, 5, 6]);
    const listed = (await c.get('/api/suppressions')).json().items.map((i: { email: string }) => i.email);
    expect(listed).toEqual(['fine@pub.test']);
  });

  it("keeps each workspace's list to itself: another workspace gets 404 and sees nothing", async () => {
    const a = await user();
    const b = await user();
    await a.c.post('/api/suppressions', { email: 'private@acme.com' });
    expect((await b.c.get('/api/suppressions')).json().total).toBe(0);
    expect((await b.c.request('DELETE', '/api/suppressions/private@acme.com')).statusCode).toBe(404);
    expect((await a.c.get('/api/suppressions')).json().total).toBe(1);
    expect((await b.c.get('/api/suppressions/export')).body).not.toContain('private@acme.com');
    expect((await new TestClient(t.app).get('/api/suppressions')).statusCode).toBe(401);
  });

  it('flags suppressed rows in the results, and leaves them out of the send screen', async () => {
    const { c, user: u } = await user();
    const uploadId = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: u.id,
      name: 'flags.csv',
      rows: [
        { email: 'keep@acme.com', name: 'K', company: 'Acme', valid: true },
        { email: 'Held@Acme.com', name: 'H', company: 'Acme', valid: true },
      ],
    });
    await c.post('/api/suppressions', { email: 'held@acme.com' });
    const rows = (await c.get(`/api/upload/${uploadId}/results`)).json().results;
    expect(rows.map((r: { suppressed: boolean }) => r.suppressed)).toEqual([false, true]);
    expect(rows[0].provider).toBeNull();
    const sendable = (await c.get('/api/smartlead/verified-emails')).json();
    expect(sendable.groups[0].emails.map((e: { email: string }) => e.email)).toEqual(['keep@acme.com']);
    expect(sendable.heldBack).toEqual([{ reason: 'manual', count: 1 }]);
  });

  it('goes with a deleted workspace (foreign key, migration 0830)', async () => {
    const { c, user: u } = await user();
    await c.post('/api/suppressions', { email: 'kept@acme.com' });
    const [w] = await t.database.raw.query<{ id: string }>(
      "INSERT INTO workspaces (name, plan, trial_ends_at) VALUES ('Gone Co', 'hobbyist', now()) RETURNING id",
    );
    await t.database.db
      .insert(suppressions)
      .values({ workspaceId: w.id, email: 'orphan@acme.com', reason: 'manual', createdAt: new Date() });
    await t.database.raw.query('DELETE FROM workspaces WHERE id = $1', [w.id]);
    const left = await t.database.db
      .select({ w: suppressions.workspaceId })
      .from(suppressions)
      .where(inArray(suppressions.workspaceId, [w.id, u.id]));
    expect(left).toEqual([{ w: u.id }]);
  });
});
