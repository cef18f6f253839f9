import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { multipartBody, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { idempotencyCleanupJob } from './jobs';

let w: World;
let t: TestApp;
beforeAll(async () => {
  w = await startWorld(
    {
      'good.test': { mailboxes: ['alice@good.test', 'bob@good.test'] },
      // Every reply after 300 ms: a verification that cannot finish within a 100 ms timeout.
      'slow.test': { mailboxes: ['bob@slow.test'], latencyMs: 300 },
    },
    { 'nodomain.test': 'NXDOMAIN' },
  );
  t = await createTestApp({
    work: true,
    env: {
      ...w.env(),
      SMTP_TIMEOUT_MS: '5000',
      DNS_TIMEOUT_MS: '1000',
      LISTS_LANES: '1',
      API_VERIFY_TIMEOUT_MS: '20000',
      // The suites poll a list every 100 ms while it runs: on a busy machine a run outlasts the 120 calls a
      // minute one token may make. The limit itself is api/rate-limit.api.test.ts's subject.
      API_RATE_LIMIT_PER_MINUTE: '100000',
      // Prices a mirrored subscription row can name (the API gate reads the paid plan from its price).
      STRIPE_PRICE_PROFESSIONAL: 'price_pro',
      STRIPE_PRICE_WHITELABEL: 'price_wl',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

async function uploadsOf(userId: string) {
  return t.database.raw.query<{ id: string }>('SELECT id FROM uploads WHERE workspace_id = $1', [userId]);
}

async function finished(api: ReturnType<typeof bearer>, id: string) {
  return waitFor(
    async () => (await api.get(`/api/v1/lists/${id}`)).json(),
    (l) => l.status === 'completed' || l.status === 'failed',
    25_000,
  );
}

describe('API v1 authentication', () => {
  it('refuses a missing, unknown or revoked token with 401', async () => {
    const u = await apiUser(t.app);
    const { id, token } = await u.token();
    expect((await bearer(t.app, null).get('/api/v1/lists')).statusCode).toBe(401);
    expect((await bearer(t.app, 'vl_nope').get('/api/v1/lists')).statusCode).toBe(401);
    expect((await bearer(t.app, token).get('/api/v1/lists')).statusCode).toBe(200);
    expect((await u.web.request('DELETE', `/api/api-tokens/${id}`)).statusCode).toBe(204);
    const revoked = await bearer(t.app, token).get('/api/v1/lists');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toMatch(/revoked/);
  });

  it('refuses a token without the route scope with 403, and shows when a token was last used', async () => {
    const u = await apiUser(t.app);
    const { token } = await u.token(['lists:read']);
    const api = bearer(t.app, token);
    expect((await api.get('/api/v1/lists')).statusCode).toBe(200);
    const write = await api.post('/api/v1/lists', { emails: ['a@good.test'] });
    expect(write.statusCode).toBe(403);
    expect(write.json().requiredScope).toBe('lists:write');
    expect((await api.post('/api/v1/verify', { email: 'a@good.test' })).statusCode).toBe(403);
    expect(await uploadsOf(u.user.id)).toHaveLength(0);
    const [listed] = (await u.web.get('/api/api-tokens')).json();
    expect(listed.scopes).toEqual(['lists:read']);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses bad scopes at token creation', async () => {
    const u = await apiUser(t.app);
    const res = await u.web.post('/api/api-tokens', { name: 'x', scopes: ['admin'] });
    expect(res.statusCode).toBe(400);
  });

  // The one rule of shared/plans.ts (hasApiAccess), the same the usage screen and API Tokens state.
  const endTrial = (id: string) =>
    t.database.raw.query(`UPDATE workspaces SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [
      id,
    ]);
  const paid = (id: string, price: string) =>
    t.database.raw.query(
      `INSERT INTO subscriptions (id, workspace_id, stripe_customer_id, status, status_rank, price_id, source_created)
       VALUES ($1, $2, $3, 'active', 1, $4, 1)`,
      [`sub_${id}`, id, `cus_${id}`, price],
    );

  it('lets a White Label trial use the API, and refuses the trial of another plan', async () => {
    const wl = await apiUser(t.app, 'whitelabel');
    expect((await bearer(t.app, (await wl.token()).token).get('/api/v1/lists')).statusCode).toBe(200);
    expect((await wl.web.get('/api/billing/plan')).json()).toMatchObject({
      status: 'trial',
      apiAccess: true,
    });
    for (const plan of ['hobbyist', 'professional']) {
      const u = await apiUser(t.app, plan);
      const res = await bearer(t.app, (await u.token()).token).get('/api/v1/lists');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        upgradePlan: 'whitelabel',
        upgradeUrl: '/subscribe?plan=whitelabel',
      });
      expect(res.json().message).toMatch(/part of the White Label plan/);
      expect((await u.web.get('/api/billing/plan')).json()).toMatchObject({
        status: 'trial',
        apiAccess: false,
      });
    }
  });

  it('after the trial: a paid White Label keeps the API, a paid Professional or an unpaid White Label does not', async () => {
    const wl = await apiUser(t.app, 'whitelabel');
    const wlToken = (await wl.token()).token;
    await endTrial(wl.user.id);
    const ended = await bearer(t.app, wlToken).get('/api/v1/lists');
    expect(ended.statusCode).toBe(403);
    expect(ended.json().message).toMatch(/trial has ended/);
    await paid(wl.user.id, 'price_wl');
    expect((await bearer(t.app, wlToken).get('/api/v1/lists')).statusCode).toBe(200);
    expect((await wl.web.get('/api/billing/plan')).json()).toMatchObject({
      status: 'active',
      apiAccess: true,
    });

    // Picked White Label at sign-up but pays for Professional: the paid plan decides.
    const pro = await apiUser(t.app, 'whitelabel');
    const proToken = (await pro.token()).token;
    await endTrial(pro.user.id);
    await paid(pro.user.id, 'price_pro');
    expect((await bearer(t.app, proToken).get('/api/v1/lists')).statusCode).toBe(403);
    expect((await pro.web.get('/api/billing/plan')).json()).toMatchObject({
      plan: 'professional',
      apiAccess: false,
    });
  });

  it('ignores the session cookie: a signed-in browser without a token gets 401', async () => {
    const u = await apiUser(t.app);
    expect((await u.web.get('/api/v1/lists')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/lists', () => {
  it('creates a list from JSON and verifies it in two steps', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const res = await api.post('/api/v1/lists', {
      name: 'Leads',
      emails: ['alice@good.test', 'nobody@good.test', 'x@nodomain.test', 'not-an-email'],
    });
    expect(res.statusCode).toBe(201);
    const list = res.json();
    expect(list).toMatchObject({ name: 'Leads', status: 'processing', counts: { total: 4 } });
    const done = await finished(api, list.id);
    expect(done.status).toBe('completed');
    expect(done.counts).toEqual({ total: 4, valid: 1, invalid: 3, risky: 0, pending: 0 });
    expect(done.progress).toMatchObject({ step1: 100, step2: 100, step1Done: true, step2Done: true });
  });

  it('creates a list from a multipart CSV file', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const { payload, headers } = multipartBody(
      'leads.csv',
      'name,email\nAlice,alice@good.test\nBob,bob@good.test\n',
      'file',
    );
    const res = await api.post('/api/v1/lists', payload, headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'leads.csv', counts: { total: 2 } });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const empty = await api.post('/api/v1/lists', { emails: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/at least one/);
    expect((await api.post('/api/v1/lists', { nope: 1 })).statusCode).toBe(400);
    const notCsv = multipartBody('leads.txt', 'email\na@good.test\n', 'file');
    expect((await api.post('/api/v1/lists', notCsv.payload, notCsv.headers)).statusCode).toBe(400);
    const noEmail = multipartBody('leads.csv', 'name,phone\nAl,123\n', 'file');
    expect((await api.post('/api/v1/lists', noEmail.payload, noEmail.headers)).statusCode).toBe(400);
    expect(await uploadsOf(u.user.id)).toHaveLength(0);
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it for another request', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const key = { 'idempotency-key': `k-${Date.now()}` };
    const body = { emails: ['bob@good.test', 'x@nodomain.test'] };
    const first = await api.post('/api/v1/lists', body, key);
    const again = await api.post('/api/v1/lists', body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await uploadsOf(u.user.id)).toHaveLength(1);
    const other = await api.post('/api/v1/lists', { emails: ['other@good.test'] }, key);
    expect(other.statusCode).toBe(422);
    // Keys belong to one account: another account may use the same key.
    const v = await apiUser(t.app);
    const theirs = await bearer(t.app, (await v.token()).token).post('/api/v1/lists', body, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });
});

describe('Idempotency-Key retention', () => {
  it('forgets keys after 24 hours, keeps fresh ones', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    await api.post('/api/v1/lists', { emails: ['x@nodomain.test'] }, { 'idempotency-key': 'fresh' });
    await api.post('/api/v1/lists', { emails: ['y@nodomain.test'] }, { 'idempotency-key': 'old' });
    await t.database.raw.query(
      `UPDATE api_idempotency_keys SET created_at = now() - interval '25 hours' WHERE workspace_id = $1 AND key = 'old'`,
      [u.user.id],
    );
    const ctx = {
      database: t.database,
      clock: t.clock,
      config: t.config,
      queue: t.queue,
      log: console,
      jobId: 'x',
    };
    await idempotencyCleanupJob.handle({}, ctx as never);
    const keys = await t.database.raw.query<{ key: string }>(
      'SELECT key FROM api_idempotency_keys WHERE workspace_id = $1',
      [u.user.id],
    );
    expect(keys.map((k) => k.key)).toEqual(['fresh']);
  });
});

describe('reading lists', () => {
  let owner: Awaited<ReturnType<typeof apiUser>>;
  let api: ReturnType<typeof bearer>;
  let listId: string;
  const N = 120;

  beforeAll(async () => {
    owner = await apiUser(t.app);
    api = bearer(t.app, (await owner.token()).token);
    const emails = Array.from({ length: N }, (_, i) =>
      i % 10 === 0 ? `alice@good.test` : `user${i}@nodomain.test`,
    );
    const res = await api.post('/api/v1/lists', { emails });
    listId = res.json().id;
    await finished(api, listId);
  });

  it('lists the account’s lists, and one list with counts, progress and ETA', async () => {
    const all = (await api.get('/api/v1/lists')).json();
    expect(all.data.map((l: { id: string }) => l.id)).toEqual([listId]);
    const one = (await api.get(`/api/v1/lists/${listId}`)).json();
    expect(one.counts).toEqual({ total: N, valid: 12, invalid: N - 12, risky: 0, pending: 0 });
    expect(one).toHaveProperty('etaSeconds');
  });

  it('pages the results to the end with a cursor, and filters by verdict', async () => {
    const seen = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await api.get(`/api/v1/lists/${listId}/results${q}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.total).toBe(N);
      for (const r of page.data) seen.add(r.rowIndex);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.size).toBe(N);
    const valid = (await api.get(`/api/v1/lists/${listId}/results?verdict=valid`)).json();
    expect(valid.total).toBe(12);
    expect(valid.nextCursor).toBeNull();
    expect(valid.data.every((r: { finalStatus: string }) => r.finalStatus === 'valid')).toBe(true);
    expect(valid.data[0]).toMatchObject({
      email: { email: 'alice@good.test' },
      isFinal: true,
      decidedBy: 'smtp',
      attempts: 1,
    });
    // By confidence score: the valid rows score 99, the invalid ones far less.
    const sure = (await api.get(`/api/v1/lists/${listId}/results?minScore=90`)).json();
    expect(sure.total).toBe(12);
    expect(sure.data.every((r: { score: number }) => r.score >= 90)).toBe(true);
    const csv = (await api.get(`/api/v1/lists/${listId}/export?type=all&minScore=90`)).body
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(13);
  });

  it('refuses a bad verdict or cursor with 400', async () => {
    expect((await api.get(`/api/v1/lists/${listId}/results?verdict=great`)).statusCode).toBe(400);
    expect((await api.get(`/api/v1/lists/${listId}/results?minScore=high`)).statusCode).toBe(400);
    expect((await api.get(`/api/v1/lists/${listId}/results?cursor=garbage`)).statusCode).toBe(400);
    const first = (await api.get(`/api/v1/lists/${listId}/results`)).json();
    // A cursor made for one filter is not accepted with another.
    const mixed = await api.get(`/api/v1/lists/${listId}/results?verdict=invalid&cursor=${first.nextCursor}`);
    expect(mixed.statusCode).toBe(400);
  });

  it('refuses a forged cursor with 400, never 500: it is held to the bounds of a page number', async () => {
    const forged = (c: unknown) => Buffer.from(JSON.stringify(c)).toString('base64');
    for (const c of [
      { p: 9007199254740991, v: 'all' },
      { p: 1_000_001, v: 'all' },
      { p: 1.5, v: 'all' },
    ]) {
      const res = await api.get(`/api/v1/lists/${listId}/results?cursor=${encodeURIComponent(forged(c))}`);
      expect(res.statusCode, `${JSON.stringify(c)}: ${res.body}`).toBe(400);
    }
    const last = await api.get(
      `/api/v1/lists/${listId}/results?cursor=${forged({ p: 1_000_000, v: 'all' })}`,
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ data: [], nextCursor: null });
  });

  it('exports the list as CSV', async () => {
    const res = await api.get(`/api/v1/lists/${listId}/export?type=valid`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(13);
    expect((await api.get(`/api/v1/lists/${listId}/export?type=nope`)).statusCode).toBe(400);
  });

  it('answers 404 for another account’s list on every route, and leaves it alone', async () => {
    const other = await apiUser(t.app);
    const theirs = bearer(t.app, (await other.token()).token);
    for (const path of ['', '/results', '/export']) {
      expect((await theirs.get(`/api/v1/lists/${listId}${path}`)).statusCode).toBe(404);
    }
    expect((await theirs.delete(`/api/v1/lists/${listId}`)).statusCode).toBe(404);
    expect((await theirs.get('/api/v1/lists')).json().data).toEqual([]);
    expect((await api.get(`/api/v1/lists/${listId}`)).statusCode).toBe(200);
    expect((await api.get('/api/v1/lists/not-a-uuid')).statusCode).toBe(404);
  });

  it('deletes a list with its rows', async () => {
    const res = await api.post('/api/v1/lists', { emails: ['x@nodomain.test'] });
    const id = res.json().id;
    await finished(api, id);
    expect((await api.delete(`/api/v1/lists/${id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/v1/lists/${id}`)).statusCode).toBe(404);
    expect((await api.delete(`/api/v1/lists/${id}`)).statusCode).toBe(404);
    const rows = await t.database.raw.query('SELECT 1 FROM upload_rows WHERE upload_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/v1/verify', () => {
  it('answers the verdict of one address within the timeout, as a results row', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token(['verify'])).token);
    const ok = await api.post('/api/v1/verify', { email: 'alice@good.test' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'done',
      result: {
        email: { email: 'alice@good.test' },
        status: 'valid',
        fourthVerificationStatus: 'valid',
        finalStatus: 'valid',
        isFinal: true,
      },
    });
    const bad = await api.post('/api/v1/verify', { email: 'nobody@good.test' });
    expect(bad.json().result).toMatchObject({ finalStatus: 'invalid', isFinal: true });
  });

  it('answers pending with the list id when the timeout is too short, and the result arrives later', async () => {
    const u = await apiUser(t.app);
    const { token } = await u.token();
    const api = bearer(t.app, token);
    const res = await api.post('/api/v1/verify', { email: 'bob@slow.test', timeoutMs: 100 });
    expect(res.statusCode).toBe(202);
    expect(res.headers['retry-after']).toBe('5');
    const { listId } = res.json();
    expect(res.json().status).toBe('pending');
    await finished(api, listId);
    const page = (await api.get(`/api/v1/lists/${listId}/results`)).json();
    expect(page.data[0]).toMatchObject({ email: { email: 'bob@slow.test' }, finalStatus: 'valid' });
  });

  it('refuses bad input with 400', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    expect((await api.post('/api/v1/verify', {})).statusCode).toBe(400);
    expect((await api.post('/api/v1/verify', { email: 'a@good.test', timeoutMs: 'soon' })).statusCode).toBe(
      400,
    );
    expect(await uploadsOf(u.user.id)).toHaveLength(0);
  });
});

describe('OpenAPI document', () => {
  it('documents every v1 route with its schemas, bearer security and the webhook signature', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/v1/lists', 'post'],
      ['/api/v1/lists', 'get'],
      ['/api/v1/lists/{id}', 'get'],
      ['/api/v1/lists/{id}', 'delete'],
      ['/api/v1/lists/{id}/results', 'get'],
      ['/api/v1/lists/{id}/export', 'get'],
      ['/api/v1/verify', 'post'],
    ]) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearerAuth: [] }]);
    }
    expect(
      doc.paths['/api/v1/lists'].post.requestBody.content['application/json'].schema.properties.emails,
    ).toBeDefined();
    expect(doc.paths['/api/v1/lists/{id}/results'].get.responses['200']).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('Verilead-Signature: t=');
  });
});

describe('POST /api/verify-email (the screens’ single check)', () => {
  it('answers one address with the API’s row, provider and suppression flag, behind the session', async () => {
    const u = await apiUser(t.app);
    const ok = await u.web.post('/api/verify-email', { email: 'alice@good.test' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'done',
      result: { email: { email: 'alice@good.test' }, finalStatus: 'valid', suppressed: false },
    });
    expect(ok.json().result).toHaveProperty('provider');
    await u.web.post('/api/suppressions', { email: 'bob@good.test' });
    const held = await u.web.post('/api/verify-email', { email: 'bob@good.test' });
    expect(held.json().result).toMatchObject({ finalStatus: 'valid', suppressed: true });
    expect((await u.web.post('/api/verify-email', { email: '' })).statusCode).toBe(400);
    expect((await new TestClient(t.app).post('/api/verify-email', { email: 'a@good.test' })).statusCode).toBe(
      401,
    );
  });
});
