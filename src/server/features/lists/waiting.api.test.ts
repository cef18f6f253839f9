import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { UploadStatusResponse } from '../../../shared/lists';

// Progress says what the last rows wait for: a greylisting server's rows show in the status API's
// `waiting` ("greylisted (mx.grey.test), retry at …") while the rest is done, then the run completes
// with their true verdicts and nothing waiting.
// Mailbox verdicts are shared knowledge that outlives a run of this suite on PostgreSQL: fresh addresses.
const TAG = Math.random().toString(36).slice(2, 8);
const grey = Array.from({ length: 4 }, (_, i) => `g${i}.${TAG}@grey.test`);
const fine = Array.from({ length: 4 }, (_, i) => `f${i}.${TAG}@fine.test`);
let w: World;
let t: TestApp;

beforeAll(async () => {
  w = await startWorld({
    'grey.test': { mailboxes: grey.filter((_, i) => i % 2 === 0), greylistS: 3 },
    'fine.test': { mailboxes: fine.filter((_, i) => i % 2 === 0) },
  });
  t = await createTestApp({ work: true, env: { ...w.env(), GREYLIST_RETRY_S: '300' } });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

describe('GET /api/upload/{id}/status: waiting', () => {
  it('names the greylisted rows, their server and the time of the retry, then clears', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { uploadId } = (await uploadCsv(c, 'grey.csv', ['email', ...grey, ...fine].join('\n'))).json();
    expect((await c.post(`/api/verify/${uploadId}`)).json().started).toBe(true);
    const status = async () => (await c.get(`/api/upload/${uploadId}/status`)).json() as UploadStatusResponse;

    const waiting = await waitFor(
      status,
      (s) => s.status !== 'processing' || (s.waiting ?? []).some((g) => g.reason === 'greylisted'),
      20_000,
    );
    expect(waiting.status).toBe('processing');
    const g = waiting.waiting?.find((x) => x.reason === 'greylisted');
    // The four rows (the catch-all probe is ours, not a row) on one server, retried when it said.
    expect(g).toMatchObject({ rows: 4, host: 'mx.grey.test' });
    expect(Number.isNaN(Date.parse(g?.retryAt ?? ''))).toBe(false);

    const done = await waitFor(status, (s) => s.status !== 'processing', 30_000);
    expect(done).toMatchObject({ status: 'completed', waiting: [] });
    expect(done.stats).toEqual({ total: 8, valid: 4, invalid: 4, risky: 0, pending: 0 });
  }, 60_000);

  it('another workspace does not see the upload', async () => {
    const owner = new TestClient(t.app);
    await owner.register();
    const { uploadId } = (await uploadCsv(owner, 'mine.csv', ['email', fine[0]].join('\n'))).json();
    const other = new TestClient(t.app);
    await other.register();
    expect((await other.get(`/api/upload/${uploadId}/status`)).statusCode).toBe(404);
  });
});
