import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { waitFor } from '../../../../tests/helpers/lists';
import { seedTenantData } from '../../../../tests/helpers/tenant-data';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { readZip } from '../../../../tests/helpers/zip';
import { buildExport, CHUNK_BYTES } from './build';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ work: true });
});
afterAll(async () => {
  await t?.close();
});

async function exported(c: TestClient) {
  const started = await c.post('/api/account/export');
  expect(started.statusCode).toBe(202);
  const id = started.json().id as string;
  const done = await waitFor(
    async () => (await c.get('/api/account/export')).json().export,
    (e) => e?.status === 'ready' || e?.status === 'failed',
  );
  expect(done).toMatchObject({ id, status: 'ready', progress: 100 });
  const res = await c.get(done.downloadUrl);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="verilead-data-\d{4}-\d\d-\d\d\.zip"$/,
  );
  return { id, zip: res.rawPayload, files: readZip(res.rawPayload) };
}

describe('your data', () => {
  it('zips everything the workspace holds as CSV and JSON, formula-safe and without secrets', async () => {
    const c = new TestClient(t.app);
    const u = await c.register();
    await seedTenantData(t.database.raw, { owner: u.id, marker: 'mine', tenantColumn: 'workspace_id' });
    await t.database.raw.query(
      `INSERT INTO activity_log (workspace_id, user_id, action, target) VALUES ($1, $2, 'list.upload', '=HYPERLINK("x")')`,
      [u.id, u.id],
    );
    // An assistant let in (OAuth), and another workspace's: only the first is this workspace's data.
    const other = await new TestClient(t.app).register();
    await t.database.raw.query(
      `INSERT INTO mcp_oauth_clients (client_id, client_name, redirect_uris) VALUES ('c-mine', 'Claude (mine)', '{https://claude.ai/cb}'), ('c-other', 'Other assistant', '{https://x.example/cb}')`,
    );
    await t.database.raw.query(
      `INSERT INTO mcp_oauth_grants (workspace_id, user_id, client_id, scopes, resource) VALUES ($1, $1, 'c-mine', '{lists}', 'http://localhost/mcp'), ($2, $2, 'c-other', '{lists}', 'http://localhost/mcp')`,
      [u.id, other.id],
    );
    const { files } = await exported(c);
    const names = [...files.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'account.json',
        'lists.json',
        'lists/001-mine-list-1.csv',
        'lists/002-mine-list-0.csv',
        'scrape-jobs.json',
        'scrape-profiles.csv',
        'campaigns.json',
        'campaign-leads.json',
        'templates.json',
        'webhooks.json',
        'ai-assistants.json',
        'activity.csv',
        'usage.csv',
      ]),
    );
    const text = (n: string) => files.get(n)?.toString('utf8') ?? '';
    expect(JSON.parse(text('account.json'))[0].user).toMatchObject({
      id: u.id,
      username: u.username,
      email: u.email,
    });
    expect(JSON.parse(text('lists.json'))).toHaveLength(2);
    expect(text('lists/001-mine-list-1.csv')).toContain('mine.1.0@example.com');
    expect(text('scrape-profiles.csv')).toContain('mine.ig@example.com');
    expect(JSON.parse(text('templates.json'))[0].name).toBe('mine template');
    expect(JSON.parse(text('webhooks.json'))[0].url).toBe('https://hooks.example.com/mine');
    expect(JSON.parse(text('ai-assistants.json'))).toEqual([
      expect.objectContaining({ client: 'Claude (mine)', scopes: ['lists'], userId: u.id, revokedAt: null }),
    ]);
    // A cell a spreadsheet would run as a formula is neutralised.
    expect(text('activity.csv')).toContain(`'=HYPERLINK`);
    expect(text('activity.csv')).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const all = names.map(text).join('\n');
    expect(all).not.toContain('v1:sealed');
    expect(all).not.toContain('password');
  });

  it('keeps one export per account: a new one deletes the older ones and their bytes', async () => {
    const c = new TestClient(t.app);
    const u = await c.register();
    const first = await exported(c);
    const ids = [first.id];
    for (let i = 0; i < 3; i++) ids.push((await exported(c)).id);
    const kept = await t.database.raw.query<{ id: string }>(
      'SELECT id FROM data_exports WHERE user_id = $1',
      [u.id],
    );
    expect(kept.map((r) => r.id)).toEqual([ids.at(-1)]);
    const bytes = await t.database.raw.query('SELECT 1 FROM data_export_chunks WHERE export_id = $1', [
      first.id,
    ]);
    expect(bytes).toEqual([]);
    expect((await c.get(`/api/account/export/${first.id}/download`)).statusCode).toBe(404);
  });

  it('shows and serves an export only to the person who made it, in that workspace', async () => {
    const owner = new TestClient(t.app);
    await owner.register();
    const { id } = await exported(owner);
    const other = new TestClient(t.app);
    await other.register();
    expect((await other.get('/api/account/export')).json()).toEqual({ export: null });
    expect((await other.get(`/api/account/export/${id}/download`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/account/export/${id}/download`)).statusCode).toBe(401);
  });

  it('writes the zip in chunks of a bounded size and serves them back whole', async () => {
    const c = new TestClient(t.app);
    const u = await c.register();
    await seedTenantData(t.database.raw, {
      owner: u.id,
      marker: 'big',
      tenantColumn: 'workspace_id',
      uploads: 1,
      rowsPerUpload: 20_000,
    });
    // Built here with small chunks (the job uses CHUNK_BYTES), so a modest list spans several rows.
    const [row] = await t.database.raw.query<{ id: string }>(
      `INSERT INTO data_exports (workspace_id, user_id, expires_at) VALUES ($1, $1, now() + interval '1 day') RETURNING id`,
      [u.id],
    );
    const chunkBytes = 4 * 1024;
    await buildExport({ db: t.database.db, exportId: row.id, now: t.clock, chunkBytes });
    const chunks = await t.database.raw.query<{ n: number }>(
      'SELECT octet_length(data) AS n FROM data_export_chunks WHERE export_id = $1 ORDER BY seq',
      [row.id],
    );
    expect(chunks.length).toBeGreaterThan(3);
    // A chunk is flushed once it reaches the size: at most one stream piece (64 KiB) over.
    for (const ch of chunks) expect(Number(ch.n)).toBeLessThanOrEqual(chunkBytes + 64 * 1024);
    const res = await c.get(`/api/account/export/${row.id}/download`);
    expect(res.rawPayload.length).toBe(chunks.reduce((s, ch) => s + Number(ch.n), 0));
    const files = readZip(res.rawPayload);
    expect(text(files, 'lists/001-big-list-0.csv').split('\r\n').filter(Boolean)).toHaveLength(20_001);
    expect(CHUNK_BYTES).toBe(1024 * 1024);
  });
});

const text = (files: Map<string, Buffer>, n: string) => files.get(n)?.toString('utf8') ?? '';
