import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { CreditRunsResponse } from '../../../shared/credits';
import { failStuckRun } from './queries/uploads';

// Fair credits (decision 0890): a run reserves a credit per row, charges the definite answers and releases
// the rest with the reason; a recent answer of the workspace is reused for free; "verify again now" charges.

let w: World;
let t: TestApp;
beforeAll(async () => {
  w = await startWorld(
    {
      'good.test': { mailboxes: ['alice@good.test', 'bob@good.test', 'info@good.test'] },
      'catchall.test': { catchAll: true },
      'mailinator.com': { catchAll: true },
      'policy.test': { rcptReply: '550 5.7.1 Message rejected due to local policy' },
      // Never answers: its rows are still pending when the run is stopped or deleted.
      'slow.test': { silent: true },
    },
    { 'nodomain.test': 'NXDOMAIN' },
  );
  t = await createTestApp({
    work: true,
    env: {
      ...w.env(),
      SMTP_TIMEOUT_MS: '120000',
      SMTP_BACKOFF_S: '0',
      LISTS_BATCH_SIZE: '4',
      LISTS_LANES: '2',
    },
  });
});
afterAll(async () => {
  // The silent server first: its open sessions end, so the prober has nothing left to wait for.
  await w?.close();
  await t?.close();
});

// Every status once: valid, invalid (mailbox), catch-all, disposable, role, invalid (no domain), then
// the free ones: refused by policy (our doubt), malformed, and a duplicate.
const EVERY_STATUS = [
  'email',
  'alice@good.test',
  'carl@good.test',
  'dee@catchall.test',
  'temp@mailinator.com',
  'info@good.test',
  'eve@nodomain.test',
  'pat@policy.test',
  'not-an-email',
  'ALICE@good.test',
].join('\n');

async function signedIn(plan = 'professional') {
  const c = new TestClient(t.app);
  const u = await c.register({ plan });
  return { c, id: u.id };
}

const settled = (s: { status: string }) => ['completed', 'failed', 'cancelled'].includes(s.status);
async function finished(c: TestClient, uploadId: string) {
  const s = await waitFor(
    async () => (await c.get(`/api/upload/${uploadId}/status`)).json(),
    settled,
    30_000,
  );
  // The lane closes the run's ledger right after the list says completed.
  await waitFor(
    () => credits(c),
    (x) => x.runs.every((r) => r.settledAt !== null),
    10_000,
  );
  return s;
}

async function credits(c: TestClient) {
  const res = await c.get('/api/usage/credits');
  expect(res.statusCode).toBe(200);
  return res.json() as { charged: number; reserved: number; runs: CreditRunsResponse['runs'] };
}
const runOf = async (c: TestClient, uploadId: string, runId = 1) =>
  (await credits(c)).runs.find((r) => r.uploadId === uploadId && r.runId === runId);
const unitsOf = async (c: TestClient) =>
  (await c.get('/api/usage')).json().counters.find((x: { kind: string }) => x.kind === 'verification');

async function verifyList(c: TestClient, name: string, csv: string, path = '') {
  const up = (await uploadCsv(c, name, csv)).json();
  const res = await c.post(`/api/verify/${up.uploadId}${path}`);
  expect(res.statusCode).toBe(200);
  expect(res.json().started).toBe(true);
  await finished(c, up.uploadId);
  return up.uploadId as string;
}

describe('fair credits', () => {
  it('charges exactly the definite answers of a run and releases the rest with the reason', async () => {
    const { c } = await signedIn();
    const id = await verifyList(c, 'every.csv', EVERY_STATUS);
    const results = (await c.get(`/api/upload/${id}/results`)).json().results;
    const reasons = Object.fromEntries(
      results.map((r: { email: { email: string }; reason: string }) => [r.email.email, r.reason]),
    );
    // The world gives each row the answer the test means.
    expect(reasons).toMatchObject({
      'alice@good.test': 'accepted',
      'carl@good.test': 'rejected',
      'dee@catchall.test': 'catch_all',
      'temp@mailinator.com': 'disposable',
      'info@good.test': 'role',
      'eve@nodomain.test': 'no_domain',
      'pat@policy.test': 'policy_block',
      'not-an-email': 'syntax',
    });
    expect(await runOf(c, id)).toMatchObject({
      reserved: 9,
      charged: 6,
      open: 0,
      released: { unknown: 1, syntax: 1, duplicate: 1, reused: 0, unfinished: 0 },
    });
    expect((await runOf(c, id))?.settledAt).not.toBeNull();
    // The month's counter is the ledger's charge: one list, six credits.
    expect(await unitsOf(c)).toMatchObject({ used: 1, units: 6 });
    expect((await credits(c)).charged).toBe(6);
  });

  it('answers a re-run within the window from the recent results for free and says so; "verify again now" charges', async () => {
    const { c } = await signedIn();
    await verifyList(c, 'first.csv', EVERY_STATUS);
    expect((await unitsOf(c)).units).toBe(6);
    const again = await verifyList(c, 'second.csv', EVERY_STATUS);
    expect(await runOf(c, again)).toMatchObject({
      reserved: 9,
      charged: 0,
      released: { reused: 6, unknown: 1, syntax: 1, duplicate: 1, unfinished: 0 },
    });
    expect((await unitsOf(c)).units).toBe(6);
    // Each reused row says so, with the date of the answer it took.
    const rows = (await c.get(`/api/upload/${again}/results`)).json().results as {
      email: { email: string };
      reusedAt: string | null;
    }[];
    const alice = rows.find((r) => r.email.email === 'alice@good.test');
    expect(alice?.reusedAt).toEqual(expect.any(String));
    expect(rows.find((r) => r.email.email === 'pat@policy.test')?.reusedAt).toBeNull();

    // "Verify again now": the reused rows (six, and the duplicate sharing one) are checked afresh in a
    // second run: the six charged, the duplicate free.
    const res = await c.post(`/api/verify/${again}/again`);
    expect(res.json()).toMatchObject({ started: true });
    await finished(c, again);
    expect(await runOf(c, again, 2)).toMatchObject({
      reserved: 7,
      charged: 6,
      released: { reused: 0, duplicate: 1, unknown: 0, syntax: 0, unfinished: 0 },
    });
    expect((await unitsOf(c)).units).toBe(12);
    const fresh = (await c.get(`/api/upload/${again}/results`)).json().results as {
      reusedAt: string | null;
    }[];
    expect(fresh.every((r) => r.reusedAt === null)).toBe(true);
  });

  it('charges a list started with fresh: true in full, reusing nothing', async () => {
    const { c } = await signedIn();
    await verifyList(c, 'first.csv', EVERY_STATUS);
    const up = (await uploadCsv(c, 'fresh.csv', EVERY_STATUS)).json();
    expect((await c.post(`/api/verify/${up.uploadId}`, { fresh: true })).json().started).toBe(true);
    await finished(c, up.uploadId);
    expect(await runOf(c, up.uploadId)).toMatchObject({ charged: 6, released: { reused: 0 } });
    expect((await unitsOf(c)).units).toBe(12);
  });

  it('a re-verification window of 0 days reuses nothing', async () => {
    const { c } = await signedIn();
    expect((await c.request('PUT', '/api/usage/credit-settings', { reverifyDays: 0 })).json()).toEqual({
      reverifyDays: 0,
    });
    await verifyList(c, 'first.csv', EVERY_STATUS);
    const second = await verifyList(c, 'second.csv', EVERY_STATUS);
    expect(await runOf(c, second)).toMatchObject({ charged: 6, released: { reused: 0 } });
    expect((await credits(c)).runs).toHaveLength(2);
  });

  it('a stop charges what was answered and releases what the run did not reach', async () => {
    const { c } = await signedIn();
    const csv = ['email', 'alice@good.test', 'bob@good.test', 's1@slow.test', 's2@slow.test', 's3@slow.test'];
    const up = (await uploadCsv(c, 'slow.csv', csv.join('\n'))).json();
    await c.post(`/api/verify/${up.uploadId}`);
    await waitFor(
      async () => (await c.get(`/api/upload/${up.uploadId}/status`)).json(),
      (s) => s.stats.valid === 2,
      30_000,
    );
    // The two answers are charged while the run goes; three credits stay reserved.
    await waitFor(
      () => credits(c),
      (x) => x.reserved === 3,
      10_000,
    );
    expect(await runOf(c, up.uploadId)).toMatchObject({ settledAt: null, charged: 2, open: 3 });
    expect((await c.post(`/api/upload/${up.uploadId}/cancel`)).statusCode).toBe(200);
    expect(await runOf(c, up.uploadId)).toMatchObject({
      reserved: 5,
      charged: 2,
      open: 0,
      released: { unfinished: 3, unknown: 0 },
    });
    expect((await credits(c)).reserved).toBe(0);
    expect((await unitsOf(c)).units).toBe(2);
  });

  it('a deleted run releases what it did not use, and its ledger stays', async () => {
    const { c } = await signedIn();
    const csv = ['email', 'alice@good.test', 's1@slow.test', 's2@slow.test'];
    const up = (await uploadCsv(c, 'gone.csv', csv.join('\n'))).json();
    await c.post(`/api/verify/${up.uploadId}`);
    await waitFor(
      async () => (await c.get(`/api/upload/${up.uploadId}/status`)).json(),
      (s) => s.stats.valid === 1,
      30_000,
    );
    expect((await c.request('DELETE', `/api/upload/${up.uploadId}`)).statusCode).toBe(204);
    expect(await runOf(c, up.uploadId)).toMatchObject({
      listName: 'gone.csv',
      reserved: 3,
      charged: 1,
      released: { unfinished: 2 },
    });
    expect((await unitsOf(c)).units).toBe(1);
  });

  it('concurrent starts at the quota edge: one run reserves, the others reserve nothing', async () => {
    const { c, id } = await signedIn('hobbyist');
    await t.database.raw.query(
      `INSERT INTO usage_counters (workspace_id, month, kind, count) VALUES ($1, date_trunc('month', now())::date, 'verification', 19)`,
      [id],
    );
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push((await uploadCsv(c, `l${n}.csv`, 'email\nx@catchall.test\n')).json().uploadId);
    // Three lists and the same list twice more, all at once, with one list left this month.
    const starts = await Promise.all([...ids, ids[0], ids[0]].map((u) => c.post(`/api/verify/${u}`)));
    const won = starts.filter((s) => s.statusCode === 200 && s.json().started);
    expect(won).toHaveLength(1);
    expect(starts.filter((s) => s.statusCode === 402).length).toBeGreaterThanOrEqual(2);
    const ledger = await credits(c);
    expect(ledger.runs).toHaveLength(1);
    expect(ledger.runs[0].reserved).toBe(1);
    expect((await unitsOf(c)).used).toBe(20);
  });

  it('a lane of the finished run never fails the run "verify again now" started after it looked', async () => {
    const { c } = await signedIn();
    const again = await verifyList(c, 'again.csv', 'email\nalice@good.test\n');
    // A lane of run 1 saw every batch done (the list completed); run 2 starts before its next write.
    await t.database.raw.query(
      `UPDATE uploads SET status = 'processing', run_id = 2, pending = 1 WHERE id = $1`,
      [again],
    );
    expect(await failStuckRun(t.database.db, { uploadId: again, runId: 1 })).toBe(false);
    expect((await c.get(`/api/upload/${again}/status`)).json().status).toBe('processing');
    // Its own run, stuck, does fail.
    expect(await failStuckRun(t.database.db, { uploadId: again, runId: 2 })).toBe(true);
    expect((await c.get(`/api/upload/${again}/status`)).json().status).toBe('failed');
  });
});
