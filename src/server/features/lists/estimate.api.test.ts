import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { CreditRunsResponse, ListEstimate } from '../../../shared/credits';

// The free estimate before a run (decision 0890): step 1 on every row, a sample through the prober, a
// forecast with its interval; nothing stored, nothing charged.

let w: World;
let t: TestApp;
beforeAll(async () => {
  w = await startWorld(
    {
      'good.test': { mailboxes: ['alice@good.test', 'info@good.test'] },
      'catchall.test': { catchAll: true },
      'mailinator.com': { catchAll: true },
      'policy.test': { rcptReply: '550 5.7.1 Message rejected due to local policy' },
    },
    { 'nodomain.test': 'NXDOMAIN' },
  );
  t = await createTestApp({ work: true, env: { ...w.env(), SMTP_BACKOFF_S: '0' } });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

const EMAILS = [
  'alice@good.test',
  'carl@good.test',
  'dee@catchall.test',
  'temp@mailinator.com',
  'info@good.test',
  'eve@nodomain.test',
  'pat@policy.test',
  'not-an-email',
  'ALICE@good.test',
];

const group = (e: ListEstimate, g: string) => e.breakdown.find((b) => b.group === g);

describe('the free estimate', () => {
  it('forecasts the breakdown and the credits of an uploaded list, and charges nothing', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'professional' });
    const up = (await uploadCsv(c, 'e.csv', ['email', ...EMAILS].join('\n'))).json();
    const res = await c.post(`/api/upload/${up.uploadId}/estimate`);
    expect(res.statusCode).toBe(200);
    const e = res.json() as ListEstimate;
    // Five rows need the mail server; the sample (up to 20) asks all five, so the forecast is exact.
    expect(e).toMatchObject({ rows: 9, needSmtp: 5, sample: { asked: 5, answered: 5 } });
    for (const [g, n] of Object.entries({
      valid: 1,
      invalid: 2,
      catch_all: 1,
      disposable: 1,
      role: 1,
      unknown: 1,
      syntax: 1,
      duplicate: 1,
      reused: 0,
    })) {
      expect(group(e, g)?.expected, g).toBe(n);
    }
    expect(e.credits.expected).toBe(6);
    expect(e.credits.low).toBeLessThanOrEqual(6);
    expect(e.credits.high).toBeGreaterThanOrEqual(6);
    // Its uncertainty: the certain part (no domain, disposable) bounds the low end.
    expect(e.credits.known).toBe(2);
    expect(e.credits.low).toBeGreaterThanOrEqual(2);
    // What step 1 knows is exact (no interval); only the mail servers' part is a forecast.
    for (const g of ['syntax', 'duplicate', 'disposable']) {
      expect(group(e, g), g).toMatchObject({ known: 1, low: 1, high: 1, smtp: { low: 0, high: 0 } });
    }
    expect(group(e, 'invalid')).toMatchObject({ known: 1, smtp: { expected: 1 } });
    expect(group(e, 'invalid')?.smtp.high).toBeGreaterThan(1);
    expect(e.roleAddresses).toBe(1);
    expect(e.credits.high).toBeLessThanOrEqual(7);
    // The sample's RCPTs are the workspace's probes, like any other asking (decision 0860).
    expect((await c.get('/api/usage')).json().probes.hour.spent).toBeGreaterThanOrEqual(5);
    // Nothing ran and nothing was charged.
    expect((await c.get(`/api/upload/${up.uploadId}/status`)).json().status).toBe('pending');
    expect((await c.get('/api/usage/credits')).json()).toMatchObject({ charged: 0, reserved: 0, runs: [] });
    // Another workspace's list answers 404.
    const other = new TestClient(t.app);
    await other.register();
    expect((await other.post(`/api/upload/${up.uploadId}/estimate`)).statusCode).toBe(404);
  });

  it('API v1: estimates addresses before creating a list, counting recent answers as free; fresh: true charges them', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const before = (await api.post('/api/v1/lists/estimate', { emails: EMAILS })).json() as ListEstimate;
    expect(before).toMatchObject({ uploadId: null, rows: 9, credits: { expected: 6 } });

    const created = await api.post('/api/v1/lists', { emails: EMAILS });
    expect(created.statusCode).toBe(201);
    const done = (id: string) =>
      waitFor(
        async () => (await api.get(`/api/v1/lists/${id}`)).json(),
        (l) => l.status === 'completed',
        30_000,
      );
    await done(created.json().id);
    const after = (await api.post('/api/v1/lists/estimate', { emails: EMAILS })).json() as ListEstimate;
    expect(group(after, 'reused')?.expected).toBe(6);
    // Only the policy-refused row is left to ask: one answer cannot rule out that it costs a credit.
    expect(after.credits).toMatchObject({ expected: 0, low: 0, high: 1, known: 0 });

    const fresh = await api.post('/api/v1/lists', { emails: EMAILS, fresh: true });
    await done(fresh.json().id);
    // The run's ledger closes right after the list says completed.
    const run = await waitFor(
      async () =>
        ((await u.web.get('/api/usage/credits')).json().runs as CreditRunsResponse['runs']).find(
          (r) => r.uploadId === fresh.json().id,
        ),
      (r) => r?.settledAt != null,
      10_000,
    );
    expect(run?.charged).toBe(6);
  });

  it('a resolver that says well-known domains do not exist is told at once, in its words, not after the wait', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    w.dns.setMode('nxdomain');
    try {
      const res = await api.post('/api/v1/lists/estimate', { emails: EMAILS });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('Our DNS resolver is not answering correctly');
      expect(res.json().message).toContain('You can still start the list');
    } finally {
      w.dns.setMode('normal');
    }
  });
});
