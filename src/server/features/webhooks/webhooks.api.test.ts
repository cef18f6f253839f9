import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { type FakeReceiver, startFakeReceiver } from '../../../../tests/fakes/webhook-receiver';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { WebhookDelivery } from '../../../shared/webhooks';
import { encryptSecret } from '../../platform/crypto/secret-box';
import { notifyListFinished } from '../lists/finished-event';
import { backoffMs, UNSAFE_DESTINATION } from './deliver';
import { emitWebhookEvent } from './emit';
import { verifyWebhookSignature } from './sign';

let w: World;
let t: TestApp;
let rx: FakeReceiver;
beforeAll(async () => {
  w = await startWorld({
    'good.test': { mailboxes: ['alice@good.test'] },
    // Slow enough that a list of it is still running when the test stops it.
    'slow.test': { mailboxes: ['ann@slow.test'], latencyMs: 1500 },
  });
  rx = await startFakeReceiver();
  t = await createTestApp({
    work: true,
    env: {
      ...w.env(),
      LISTS_LANES: '1',
      // The receiver is a loopback fake; private ranges stay refused.
      SAFE_FETCH_ALLOW_LOOPBACK: 'true',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_TIMEOUT_MS: '3000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
  await w?.close();
});

async function endpoint(
  c: TestClient,
  events = ['list.completed', 'list.failed', 'campaign.sent'],
  url = rx.url,
) {
  const res = await c.post('/api/webhooks', { url: `${url}?u=${Math.random()}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; url: string };
}
const deliveries = async (c: TestClient, id: string) =>
  (await c.get(`/api/webhooks/${id}/deliveries`)).json();
const settled = (c: TestClient, id: string) =>
  waitFor(
    () => deliveries(c, id),
    (d: WebhookDelivery[]) => d.length > 0 && d.every((x) => x.status !== 'pending'),
    20_000,
  );
const receivedFor = (deliveryId: string) =>
  rx.received.filter((r) => r.headers['verilead-delivery'] === deliveryId);

describe('webhook endpoints', () => {
  it('shows the signing secret once and never again', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'whitelabel' });
    const ep = await endpoint(c);
    expect(ep.secret).toMatch(/^whsec_/);
    const listed = (await c.get('/api/webhooks')).json();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(ep.secret);
    expect(listed[0].secretHint).toBe(ep.secret.slice(-4));
    const row = await t.database.raw.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM webhook_endpoints WHERE id = $1',
      [ep.id],
    );
    expect(row[0].secret_sealed).not.toContain(ep.secret);
  });

  it('refuses URLs the server must not call (SSRF guard) and bad input', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'whitelabel' });
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:192.168.1.1]/hook',
      'http://user:pw@127.0.0.1/hook',
      'ftp://example.com/hook',
    ]) {
      const res = await c.post('/api/webhooks', { url, events: ['list.completed'] });
      expect(res.statusCode, url).toBe(400);
      // Probe finding 5: one generic answer, never what the host resolved to.
      expect(res.json().message, url).toBe(
        'This URL cannot receive webhooks. Use a public http:// or https:// address without a user name or password.',
      );
    }
    // A name that resolves to nothing public gets the same answer as an address.
    const named = await c.post('/api/webhooks', {
      url: 'http://vm.internal.test/hook',
      events: ['list.completed'],
    });
    expect(named.json().message).not.toMatch(/resolve|public address|\d+\.\d+\.\d+\.\d+/);
    expect((await c.post('/api/webhooks', { url: 'not a url', events: ['list.completed'] })).statusCode).toBe(
      400,
    );
    expect((await c.post('/api/webhooks', { url: rx.url, events: [] })).statusCode).toBe(400);
    expect((await c.post('/api/webhooks', { url: rx.url, events: ['list.deleted'] })).statusCode).toBe(400);
    expect((await c.get('/api/webhooks')).json()).toEqual([]);
  });

  it('keeps endpoints per account: another account gets 404', async () => {
    const a = new TestClient(t.app);
    await a.register({ plan: 'whitelabel' });
    const ep = await endpoint(a);
    const b = new TestClient(t.app);
    await b.register({ plan: 'whitelabel' });
    expect((await b.post(`/api/webhooks/${ep.id}/test`)).statusCode).toBe(404);
    expect((await b.get(`/api/webhooks/${ep.id}/deliveries`)).statusCode).toBe(404);
    expect((await b.request('DELETE', `/api/webhooks/${ep.id}`)).statusCode).toBe(404);
    expect((await b.get('/api/webhooks')).json()).toEqual([]);
    expect((await a.request('DELETE', `/api/webhooks/${ep.id}`)).statusCode).toBe(204);
    expect((await a.get('/api/webhooks')).json()).toEqual([]);
  });
});

describe('deliveries', () => {
  it("names a White Label workspace's product in the User-Agent and the test event", async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'whitelabel' });
    expect((await c.request('PUT', '/api/branding', { productName: 'Acme Leads' })).statusCode).toBe(200);
    const ep = await endpoint(c);
    rx.answer(200);
    const sent = await c.post(`/api/webhooks/${ep.id}/test`);
    await settled(c, ep.id);
    const [hook] = receivedFor(sent.json().id);
    expect(hook.headers['user-agent']).toBe('Acme-Leads-Webhooks/1.0');
    expect(JSON.parse(hook.body).data.message).toBe('This is a test event from Acme Leads.');
  });

  it('signs the test event so the receiver can verify it (and detect tampering or replay)', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'whitelabel' });
    const ep = await endpoint(c);
    rx.answer(200);
    const sent = await c.post(`/api/webhooks/${ep.id}/test`);
    expect(sent.statusCode).toBe(202);
    const [log] = await settled(c, ep.id);
    expect(log).toMatchObject({ type: 'test', status: 'delivered', attempts: 1, lastStatusCode: 200 });
    const [hook] = receivedFor(sent.json().id);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['verilead-event']).toBe('test');
    expect(hook.headers['user-agent']).toBe('Verilead-Webhooks/1.0');
    const header = hook.headers['verilead-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature({ secret: ep.secret, header, body: hook.body })).toBe(true);
    expect(verifyWebhookSignature({ secret: 'whsec_wrong', header, body: hook.body })).toBe(false);
    expect(
      verifyWebhookSignature({ secret: ep.secret, header, body: hook.body.replace('test', 'tset') }),
    ).toBe(false);
    const later = Math.floor(Date.now() / 1000) + 600;
    expect(verifyWebhookSignature({ secret: ep.secret, header, body: hook.body, nowSeconds: later })).toBe(
      false,
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      id: log.eventId,
      type: 'test',
      data: { message: 'This is a test event from Verilead.' },
    });
    // The names the webhooks card documents (no product name, for White Label workspaces) carry the same.
    expect(hook.headers['webhook-signature']).toBe(header);
    expect(hook.headers['webhook-event']).toBe('test');
    expect(hook.headers['webhook-delivery']).toBe(hook.headers['verilead-delivery']);
  });

  it('retries after 500s with back-off until the receiver accepts', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'whitelabel' });
    const ep = await endpoint(c);
    rx.answer(500, 500, 200);
    const sent = (await c.post(`/api/webhooks/${ep.id}/test`)).json();
    const [log] = await settled(c, ep.id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    const hits = receivedFor(sent.id);
    expect(hits).toHaveLength(3);
    // The same event each time, signed afresh.
    expect(new Set(hits.map((h) => JSON.parse(h.body).id)).size).toBe(1);
    expect(
      hits.every((h) =>
        verifyWebhookSignature({
          secret: ep.secret,
          header: h.headers['verilead-signature'] as string,
          body: h.body,
        }),
      ),
    ).toBe(true);
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS and shows why in the log', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'whitelabel' });
    const ep = await endpoint(c);
    rx.answer(503);
    const sent = (await c.post(`/api/webhooks/${ep.id}/test`)).json();
    const [log] = await settled(c, ep.id);
    expect(log).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastStatusCode: 503,
      lastError: 'The endpoint answered HTTP 503',
    });
    expect(receivedFor(sent.id)).toHaveLength(3);
    rx.answer(200);
  });

  it('refuses at delivery time an address that is not public, without connecting', async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'whitelabel' });
    // As if the name now resolved elsewhere: the stored URL points at a private address.
    const [row] = await t.database.raw.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (workspace_id, url, events, secret_sealed, secret_hint)
       VALUES ($1, 'http://10.20.30.40/hook', ARRAY['list.completed'], $2, 'abcd') RETURNING id`,
      [u.id, encryptSecret({ config: t.config, plaintext: 'whsec_x', context: `webhook:${u.id}` })],
    );
    await c.post(`/api/webhooks/${row.id}/test`);
    const log = await waitFor(
      () => deliveries(c, row.id),
      (d: WebhookDelivery[]) => d[0]?.attempts >= 1 && d[0].lastError !== null,
    );
    // The log says it was refused, not the SSRF guard's wording (what the name resolved to).
    expect(log[0].lastError).toBe(UNSAFE_DESTINATION);
    expect(log[0].lastError).not.toMatch(/10\.20\.30\.40|public address/);
    expect(log[0].lastStatusCode).toBeNull();
  });
});

describe('the plan', () => {
  it('is White Label for adding an endpoint, and is read again before each delivery', async () => {
    const hobby = new TestClient(t.app);
    await hobby.register();
    const refused = await hobby.post('/api/webhooks', { url: rx.url, events: ['list.completed'] });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ upgradeUrl: '/subscribe?plan=whitelabel' });

    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'whitelabel' });
    const ep = await endpoint(c);
    // Down to Hobbyist, with an event already on its way: it is not sent, and no new endpoint or test.
    const before = rx.received.length;
    await t.database.raw.query("UPDATE workspaces SET plan = 'hobbyist' WHERE id = $1", [u.id]);
    await emitWebhookEvent({
      db: t.database.db,
      queue: t.queue,
      workspaceId: u.id,
      type: 'list.completed',
      data: { listId: 'x' },
    });
    const [log] = await settled(c, ep.id);
    expect(log).toMatchObject({ status: 'failed', lastStatusCode: null });
    expect(log.lastError).toMatch(/^Not sent: Webhooks are part of the White Label plan/);
    expect(rx.received.length).toBe(before);
    expect((await c.post(`/api/webhooks/${ep.id}/test`)).statusCode).toBe(403);
    expect((await c.post('/api/webhooks', { url: rx.url, events: ['list.completed'] })).statusCode).toBe(403);
  });
});

describe('back-off', () => {
  it('doubles the wait after each failed attempt, up to six hours', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(30_000, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30_000, 30)).toBe(6 * 3600_000);
  });
});

describe('events', () => {
  it('sends list.completed with the list when an API list finishes', async () => {
    const u = await apiUser(t.app);
    const ep = await endpoint(u.web, ['list.completed']);
    const api = bearer(t.app, (await u.token()).token);
    const list = (await api.post('/api/v1/lists', { emails: ['alice@good.test', 'zed@good.test'] })).json();
    const [log] = await settled(u.web, ep.id);
    expect(log).toMatchObject({ type: 'list.completed', status: 'delivered' });
    const [hook] = receivedFor(log.id);
    expect(
      verifyWebhookSignature({
        secret: ep.secret,
        header: hook.headers['verilead-signature'] as string,
        body: hook.body,
      }),
    ).toBe(true);
    const body = JSON.parse(hook.body);
    expect(body.data.list).toMatchObject({
      id: list.id,
      status: 'completed',
      counts: { total: 2, valid: 1, invalid: 1 },
    });
  });

  it('stops and resumes an API list: list.cancelled on the stop, the true verdicts after the resume', async () => {
    const u = await apiUser(t.app);
    const ep = await endpoint(u.web, ['list.cancelled']);
    const api = bearer(t.app, (await u.token()).token);
    const list = (await api.post('/api/v1/lists', { emails: ['ann@slow.test', 'bob@slow.test'] })).json();
    const stopped = await api.post(`/api/v1/lists/${list.id}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ id: list.id, status: 'cancelled' });
    const [log] = await settled(u.web, ep.id);
    expect(log).toMatchObject({ type: 'list.cancelled', status: 'delivered' });
    expect(JSON.parse(receivedFor(log.id)[0].body).data.list).toMatchObject({
      id: list.id,
      status: 'cancelled',
    });
    // Stopping again answers the same; another workspace's token gets 404.
    expect((await api.post(`/api/v1/lists/${list.id}/stop`)).json().status).toBe('cancelled');
    const other = bearer(t.app, (await (await apiUser(t.app)).token()).token);
    expect((await other.post(`/api/v1/lists/${list.id}/stop`)).statusCode).toBe(404);
    expect((await other.post(`/api/v1/lists/${list.id}/resume`)).statusCode).toBe(404);

    const resumed = await api.post(`/api/v1/lists/${list.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().status).toBe('processing');
    const done = await waitFor(
      () => api.get(`/api/v1/lists/${list.id}`).then((r) => r.json()),
      (l: { status: string }) => l.status !== 'processing',
      30_000,
    );
    expect(done).toMatchObject({ status: 'completed', counts: { total: 2, valid: 1, invalid: 1 } });
    expect((await api.post(`/api/v1/lists/${list.id}/stop`)).statusCode).toBe(409);
  });

  it('sends list.failed for a failed list, once per run, only to endpoints that asked for it', async () => {
    const u = await apiUser(t.app);
    const failedOnly = await endpoint(u.web, ['list.failed']);
    const completedOnly = await endpoint(u.web, ['list.completed']);
    const api = bearer(t.app, (await u.token()).token);
    const list = (await api.post('/api/v1/lists', { emails: ['alice@good.test'] })).json();
    // The completion event is recorded right after the status changes: wait for it before failing the list.
    await waitFor(
      () => deliveries(u.web, completedOnly.id),
      (d: WebhookDelivery[]) => d.length === 1,
    );
    await t.database.raw.query(`UPDATE uploads SET status = 'failed', error_message = 'boom' WHERE id = $1`, [
      list.id,
    ]);
    await notifyListFinished({ db: t.database.db, queue: t.queue, uploadId: list.id });
    await notifyListFinished({ db: t.database.db, queue: t.queue, uploadId: list.id });
    const logs = await settled(u.web, failedOnly.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 'list.failed', status: 'delivered' });
    expect(JSON.parse(receivedFor(logs[0].id)[0].body).data.list).toMatchObject({
      id: list.id,
      error: 'boom',
    });
    expect((await deliveries(u.web, completedOnly.id)).map((d: { type: string }) => d.type)).toEqual([
      'list.completed',
    ]);
  });

  it('emitWebhookEvent: the same fact reported twice is one delivery (campaign.sent)', async () => {
    const c = new TestClient(t.app);
    const user = await c.register({ plan: 'whitelabel' });
    const ep = await endpoint(c, ['campaign.sent']);
    const emit = () =>
      emitWebhookEvent({
        db: t.database.db,
        queue: t.queue,
        workspaceId: user.id,
        type: 'campaign.sent',
        data: { campaign: { id: 'c1', name: 'Spring' } },
        key: 'campaign.sent:c1',
      });
    expect(await emit()).toBe(1);
    expect(await emit()).toBe(0);
    const other = new TestClient(t.app);
    const stranger = await other.register({ plan: 'whitelabel' });
    expect(
      await emitWebhookEvent({
        db: t.database.db,
        workspaceId: stranger.id,
        type: 'campaign.sent',
        data: {},
      }),
    ).toBe(0);
    const [log] = await settled(c, ep.id);
    expect(JSON.parse(receivedFor(log.id)[0].body)).toMatchObject({
      type: 'campaign.sent',
      data: { campaign: { name: 'Spring' } },
    });
  });
});
