import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { UploadStatusResponse } from '../../../shared/lists';

// The dashboard's step-2 count moves as mail servers answer, not once a batch (here: the whole list,
// one batch) is done. Five servers, each slower than the last, answer in five waves about 0.75 s
// apart; the status route, polled as the dashboard does (more often), shows the count between them.
// Mailbox verdicts are shared knowledge that outlives a run of this suite on PostgreSQL: fresh addresses.
const TAG = Math.random().toString(36).slice(2, 8);
const SLOW = Array.from({ length: 5 }, (_, i) => `s${i}-${TAG}.test`);
const emails = SLOW.flatMap((d) => Array.from({ length: 40 }, (_, i) => `u${i}@${d}`));
let w: World;
let t: TestApp;

beforeAll(async () => {
  w = await startWorld(
    Object.fromEntries(
      SLOW.map((d, i) => [d, { mailboxes: [`u0@${d}`, `u2@${d}`], latencyMs: 250 * (i + 1) }]),
    ),
  );
  t = await createTestApp({ work: true, env: w.env() });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

describe('GET /api/upload/{id}/status during a run', () => {
  it('shows step 2 moving in several steps before the run completes', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { uploadId } = (await uploadCsv(c, 'slow.csv', ['email', ...emails].join('\n'))).json();
    expect((await c.post(`/api/verify/${uploadId}`)).json().started).toBe(true);

    const counts = new Set<number>();
    let last: UploadStatusResponse;
    const deadline = Date.now() + 60_000;
    for (;;) {
      last = (await c.get(`/api/upload/${uploadId}/status`)).json();
      if (last.status !== 'processing' || Date.now() > deadline) break;
      counts.add(last.step2Count);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(last).toMatchObject({ status: 'completed', step2Count: 200, step2Total: 200 });
    // Counts strictly between none and all, seen while the run was still going.
    const between = [...counts].filter((n) => n > 0 && n < 200);
    expect(between.length, JSON.stringify([...counts])).toBeGreaterThanOrEqual(3);
  }, 90_000);
});
