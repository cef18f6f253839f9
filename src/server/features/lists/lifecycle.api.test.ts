import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { multipartBody, uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Step2Result } from '../verification';
import { writeStep2 } from './results-write';
import { resumeRuns } from './resume';

// Stop, resume and delete a run; drafts that are listed nowhere until started or saved.

let w: World;
let t: TestApp;
beforeAll(async () => {
  // Domains of this file only: on PostgreSQL, suites share the database and so the verdicts it keeps.
  w = await startWorld({
    'lc-good.test': { mailboxes: ['alice@lc-good.test', 'bob@lc-good.test'] },
    // Never says a word: its addresses stay in step 2 until the run is stopped (the timeout is long).
    'lc-silent.test': { silent: true },
  });
  t = await createTestApp({
    work: true,
    env: { ...w.env(), SMTP_TIMEOUT_MS: '120000', LISTS_BATCH_SIZE: '2', LISTS_LANES: '2' },
  });
});
afterAll(async () => {
  // The silent server first: its open sessions end, so the prober has nothing left to wait for.
  await w?.close();
  await t?.close();
});

const CSV = [
  'email,name',
  'alice@lc-good.test,Alice',
  'bob@lc-good.test,Bob',
  'nobody@lc-good.test,Nobody',
  'one@lc-silent.test,One',
  'two@lc-silent.test,Two',
  'three@lc-silent.test,Three',
].join('\n');

async function signedIn() {
  const c = new TestClient(t.app);
  await c.register();
  return c;
}

const status = async (c: TestClient, id: string) => (await c.get(`/api/upload/${id}/status`)).json();
const listed = async (c: TestClient) =>
  ((await c.get('/api/uploads')).json() as { id: string }[]).map((u) => u.id);
const usage = async (c: TestClient) =>
  (
    (await c.get('/api/usage')).json() as { counters: { kind: string; used: number; units: number }[] }
  ).counters.find((k) => k.kind === 'verification');

describe('stopping, resuming and deleting a run', () => {
  let c: TestClient;
  let id: string;

  it('stops a running verification: rows done keep their verdicts, the rest are not checked', async () => {
    c = await signedIn();
    id = (await uploadCsv(c, 'stop-me.csv', CSV)).json().uploadId;
    expect((await c.post(`/api/verify/${id}`)).json()).toMatchObject({ started: true });
    // Everything but the silent host's three rows gets its verdict; those wait on step 2.
    await waitFor(
      () => status(c, id),
      (s) => s.step1Done && s.stats.valid === 2 && s.stats.invalid === 1,
    );
    const stopped = await c.post(`/api/upload/${id}/cancel`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      status: 'cancelled',
      notChecked: 3,
      stats: { total: 6, valid: 2, invalid: 1, risky: 0, pending: 3 },
    });
    expect(stopped.json().cancelledAt).toEqual(expect.any(String));
    // Stopping again answers the same.
    expect((await c.post(`/api/upload/${id}/cancel`)).json().status).toBe('cancelled');

    // The lanes give their step-2 batches up at once rather than waiting for the silent server.
    await waitFor(
      async () =>
        t.database.raw.query(
          'SELECT 1 FROM upload_batches WHERE upload_id = $1 AND lease_owner IS NOT NULL',
          [id],
        ),
      (held) => held.length === 0,
    );
    // No verdict arrives after the stop, even from a lane that was still writing one.
    const late = {
      status: 'valid',
      reason: 'accepted',
      smtpCode: 250,
      smtpMessage: 'ok',
      mxHost: 'mx.lc-silent.test',
    };
    await writeStep2({
      db: t.database.db,
      uploadId: id,
      now: new Date(),
      items: [{ rowIndex: 3, result: late as unknown as Step2Result }],
    });
    expect((await status(c, id)).stats).toEqual({ total: 6, valid: 2, invalid: 1, risky: 0, pending: 3 });

    const notChecked = (await c.get(`/api/upload/${id}/results?filter=not_checked`)).json();
    expect(notChecked.pagination.total).toBe(3);
    expect(notChecked.results.map((r: { email: { email: string } }) => r.email.email)).toEqual([
      'one@lc-silent.test',
      'two@lc-silent.test',
      'three@lc-silent.test',
    ]);
    expect(notChecked.results[0]).toMatchObject({
      status: 'valid',
      fourthVerificationStatus: 'not_checked',
      finalStatus: 'not_checked',
      isFinal: false,
    });
    // Search with the filter agrees.
    const searched = (await c.get(`/api/upload/${id}/results?filter=not_checked&search=silent`)).json();
    expect(searched.pagination.total).toBe(3);
    const valid = (await c.get(`/api/upload/${id}/results?filter=valid`)).json();
    expect(valid.results.map((r: { email: { email: string } }) => r.email.email)).toEqual([
      'alice@lc-good.test',
      'bob@lc-good.test',
    ]);

    // The export has every row: the verdicts found, and "not_checked" for the rest.
    const csv = (await c.get(`/api/upload/${id}/export?type=all`)).body;
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines.find((l) => l.startsWith('alice@lc-good.test'))).toContain(',valid,valid,');
    expect(lines.find((l) => l.startsWith('two@lc-silent.test'))).toContain(
      ',valid,not_checked,,Not checked: the verification was stopped before this row,',
    );
    expect((await c.get(`/api/upload/${id}/export?type=valid`)).body.trim().split('\r\n')).toHaveLength(3);
  });

  it('resumes a stopped run for the rows not checked, without counting it again', async () => {
    const before = await usage(c);
    // One list; its credits are the three answers the stopped run found (decision 0890).
    expect(before).toMatchObject({ used: 1, units: 3 });
    const resumed = await c.post(`/api/verify/${id}/pending`);
    expect(resumed.json()).toMatchObject({ started: true, status: 'processing', pending: 3 });
    const s = await status(c, id);
    expect(s).toMatchObject({ status: 'processing', notChecked: 0, cancelledAt: null });
    const rows = (await c.get(`/api/upload/${id}/results?filter=not_checked`)).json();
    expect(rows.results[0].finalStatus).toBe('pending');
    expect(await usage(c)).toEqual(before);
    // A run that is not going cannot be stopped.
    const other = (await uploadCsv(c, 'idle.csv', 'email\nalice@lc-good.test\n')).json().uploadId;
    expect((await c.post(`/api/upload/${other}/cancel`)).statusCode).toBe(409);
  });

  it('deletes an upload with its results, even mid-run; another workspace gets 404', async () => {
    const stranger = await signedIn();
    expect((await stranger.request('DELETE', `/api/upload/${id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/upload/${id}/cancel`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/upload/${id}/save`)).statusCode).toBe(404);
    expect(await listed(c)).toContain(id);

    const gone = await c.request('DELETE', `/api/upload/${id}`);
    expect(gone.statusCode).toBe(204);
    expect(await listed(c)).not.toContain(id);
    expect((await c.get(`/api/upload/${id}/status`)).statusCode).toBe(404);
    expect((await c.get(`/api/upload/${id}/results?search=silent`)).statusCode).toBe(404);
    expect((await c.request('DELETE', `/api/upload/${id}`)).statusCode).toBe(404);
    for (const table of ['upload_rows', 'upload_results', 'upload_batches']) {
      expect(await t.database.raw.query(`SELECT 1 FROM ${table} WHERE upload_id = $1`, [id])).toEqual([]);
    }
    // The lanes that were running it end: nothing holds the (deleted) upload's work.
    await waitFor(
      async () => t.database.raw.query('SELECT 1 FROM upload_batches WHERE upload_id = $1', [id]),
      (rows) => rows.length === 0,
    );
  });
});

describe('drafts', () => {
  const draft = async (c: TestClient, name: string, csv: string) => {
    const { payload, headers } = multipartBody(name, csv);
    const res = await c.request('POST', '/api/upload?draft=true', payload, headers);
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  it('keeps an upload chosen in the browser out of every list until it is started or saved', async () => {
    const c = await signedIn();
    const first = await draft(c, 'draft.csv', 'email\nalice@lc-good.test\n');
    expect(first).toMatchObject({ status: 'draft', totalEmails: 1 });
    expect(await listed(c)).toEqual([]);
    expect(await usage(c)).toMatchObject({ used: 0 });
    // Its owner can still read it (the preview) and save it for later.
    expect((await status(c, first.uploadId)).status).toBe('draft');
    expect((await c.post(`/api/upload/${first.uploadId}/save`)).json().status).toBe('pending');
    expect(await listed(c)).toEqual([first.uploadId]);

    // Or start it: listed from then on.
    const second = await draft(c, 'b.csv', 'email\nbob@lc-good.test\n');
    expect(await listed(c)).toEqual([first.uploadId]);
    expect((await c.post(`/api/verify/${second.uploadId}`)).json()).toMatchObject({ started: true });
    expect((await listed(c)).sort()).toEqual([first.uploadId, second.uploadId].sort());

    // A draft left behind is dropped by the sweep after a day; a day-old saved upload stays.
    const third = await draft(c, 'c.csv', 'email\nc@lc-good.test\n');
    await t.database.raw.query(
      `UPDATE uploads SET uploaded_at = now() - interval '25 hours' WHERE id IN ($1, $2)`,
      [third.uploadId, first.uploadId],
    );
    await resumeRuns({ database: t.database, queue: t.queue, settings: t.config, atBoot: false });
    expect((await c.get(`/api/upload/${third.uploadId}/status`)).statusCode).toBe(404);
    expect((await c.get(`/api/upload/${first.uploadId}/status`)).statusCode).toBe(200);
  });
});

describe('duplicates', () => {
  it('verifies an address once whatever its case and spaces, keeps every row, and meters it once', async () => {
    const c = await signedIn();
    const csv = [
      'email,name',
      'alice@lc-good.test,A1',
      '  ALICE@lc-good.test ,A2',
      'Alice@LC-Good.Test,A3',
      'bob@lc-good.test,B1',
      'nobody@lc-good.test,N1',
      'BOB@LC-GOOD.TEST,B2',
    ].join('\n');
    const up = (await uploadCsv(c, 'dups.csv', csv)).json();
    expect(up).toMatchObject({ totalEmails: 6, duplicates: 3 });
    const probedBefore = w.hosts['lc-good.test'].stats.rcpts.length;
    await c.post(`/api/verify/${up.uploadId}`);
    const done = await waitFor(
      () => status(c, up.uploadId),
      (s) => s.status === 'completed',
    );
    expect(done).toMatchObject({ duplicates: 3, stats: { total: 6, valid: 5, invalid: 1, pending: 0 } });
    // Each address went to the mail server for its first row only: alice's three rows and bob's two
    // cost one probe each (the prober may retry one, hence "fewer than the rows", not "exactly one").
    const probed = w.hosts['lc-good.test'].stats.rcpts.slice(probedBefore);
    const count = (a: string) => probed.filter((r) => r === a).length;
    expect(count('alice@lc-good.test')).toBeGreaterThanOrEqual(1);
    expect(count('alice@lc-good.test')).toBeLessThan(3);
    expect(count('bob@lc-good.test')).toBeGreaterThanOrEqual(1);
    expect(
      count('alice@lc-good.test') + count('bob@lc-good.test') + count('nobody@lc-good.test'),
    ).toBeLessThan(6);
    expect(await usage(c)).toMatchObject({ used: 1, units: 3 });

    const lines = (await c.get(`/api/upload/${up.uploadId}/export?type=all`)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'alice@lc-good.test,A1,valid,valid',
      // The user's cells come back as they were, spaces included (quoted to keep them).
      '"  ALICE@lc-good.test ",A2,valid,valid',
      'Alice@LC-Good.Test,A3,valid,valid',
      'bob@lc-good.test,B1,valid,valid',
      'nobody@lc-good.test,N1,valid,invalid',
      'BOB@LC-GOOD.TEST,B2,valid,valid',
    ]);
  });
});
