import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { closeProcessProbers, drainProcessProbers } from '../prober';

// A server shut down mid-run (SIGTERM: boot.ts drains the process's probers, stops the queue, then closes them)
// must not judge the addresses its engine still held: the engine hands them back as "temporary
// failure", which is our shutdown, not the mail server's answer (decision 0007). They stay pending,
// and their batch goes back unfinished for the restart.

const ROWS = 12;
let w: World;
let t: TestApp;
beforeAll(async () => {
  const mailboxes = Array.from({ length: ROWS }, (_, i) => `m${i}@grey.test`);
  // Greylisting: the engine holds every address for the server's retry time when the process stops.
  w = await startWorld({ 'grey.test': { mailboxes, greylistS: 60 } });
  t = await createTestApp({ work: true, env: w.env() });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

it('a shutdown mid-step-2 leaves the held rows pending, never "temporary failure"', async () => {
  const c = new TestClient(t.app);
  await c.register();
  const csv = ['email', ...Array.from({ length: ROWS }, (_, i) => `m${i}@grey.test`)].join('\n');
  const { uploadId } = (await uploadCsv(c, 'grey.csv', csv)).json();
  await c.post(`/api/verify/${uploadId}`);
  await waitFor(
    () => c.get(`/api/upload/${uploadId}/status`).then((r) => r.json()),
    (s) => (s.waiting ?? []).some((g: { reason: string }) => g.reason === 'greylisted'),
    20_000,
  );
  drainProcessProbers();
  await t.queue.stop();
  await closeProcessProbers();
  // The lane writes what it buffered and gives its batch back.
  const held = () =>
    t.database.raw.query('SELECT 1 FROM upload_batches WHERE upload_id = $1 AND lease_owner IS NOT NULL', [
      uploadId,
    ]);
  await waitFor(held, (rows) => rows.length === 0, 10_000);
  const rows = await t.database.raw.query<{ step2_status: string; step2_reason: string | null }>(
    'SELECT step2_status, step2_reason FROM upload_results WHERE upload_id = $1',
    [uploadId],
  );
  expect(rows.filter((r) => r.step2_reason === 'temp_failure')).toEqual([]);
  expect(rows.map((r) => r.step2_status)).toEqual(Array(ROWS).fill('pending'));
  const [upload] = await t.database.raw.query<{ status: string }>(
    'SELECT status FROM uploads WHERE id = $1',
    [uploadId],
  );
  expect(upload.status).toBe('processing');
});
