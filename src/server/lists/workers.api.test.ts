import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../tests/fakes/smtp-world';
import { type Child, spawnChild } from '../../../tests/helpers/child-server';
import { TestClient } from '../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Scale-out: two `npm run worker` processes on one PostgreSQL database share a run, and never hold
// the same rows at once. PostgreSQL only (`npm run test:pg`): the embedded database is one process's.
const url = process.env.TEST_DATABASE_URL;
const ROWS = 200;

describe.runIf(url)('two workers on PostgreSQL', () => {
  let w: World;
  let t: TestApp;
  const workers: Child[] = [];

  beforeAll(async () => {
    const domains: Record<string, { mailboxes: string[]; latencyMs: number }> = {};
    for (let d = 0; d < 4; d++) domains[`w${d}.test`] = { mailboxes: [], latencyMs: 5 };
    for (let i = 0; i < ROWS; i += 2) domains[`w${i % 4}.test`].mailboxes.push(`p${i}@w${i % 4}.test`);
    w = await startWorld(domains);
    t = await createTestApp();
    const env = {
      DATABASE_URL: url as string,
      DNS_SERVERS: w.dns.server,
      SMTP_PORT: String(w.port),
      SMTP_ALLOW_PRIVATE: 'true',
      SMTP_TIMEOUT_MS: '15000', // fakes always answer; a timeout here would only mean a starved CPU
      SMTP_HELO_NAME: 'probe.verilead.test',
      SMTP_MAIL_FROM: 'bounce@verilead.test',
      LISTS_WORKER_CONCURRENCY: '2',
    };
    for (let i = 0; i < 2; i++)
      workers.push(spawnChild('src/server/worker.ts', { ...env, LOG_LEVEL: 'info' }));
    await waitFor(
      async () => workers.map((c) => c.output()),
      (outs) => outs.every((o) => o.includes('worker started')),
      60_000,
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(workers.map((c) => c.stop()));
    await t?.close();
    await w?.close();
  });

  it('shares one run between two worker processes with no batch held twice', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const csv = ['email', ...Array.from({ length: ROWS }, (_, i) => `p${i}@w${i % 4}.test`)].join('\n');
    const { uploadId } = (await uploadCsv(c, 'shared.csv', csv)).json();
    // Batches were cut at upload time with the default size; make them small so both workers get some.
    await t.database.raw.query('DELETE FROM upload_batches WHERE upload_id = $1', [uploadId]);
    await t.database.raw.query(
      `INSERT INTO upload_batches (upload_id, batch_no, lo, hi)
       SELECT $1, g, g * 10, g * 10 + 9 FROM generate_series(0, $2 / 10 - 1) g`,
      [uploadId, ROWS],
    );
    expect((await c.post(`/api/verify/${uploadId}`)).json().started).toBe(true);
    const s = await waitFor(
      async () => (await c.get(`/api/upload/${uploadId}/status`)).json(),
      (s) => s.status !== 'processing',
      60_000,
    );
    expect(s.status, workers.map((x) => x.output()).join('\n')).toBe('completed');
    expect(s.stats).toEqual({ total: ROWS, valid: ROWS / 2, invalid: ROWS / 2, risky: 0, pending: 0 });

    const batches = await t.database.raw.query<{ claims: number; step1_by: string; step2_by: string }>(
      'SELECT claims, step1_by, step2_by FROM upload_batches WHERE upload_id = $1',
      [uploadId],
    );
    // Each batch was claimed exactly once per step: nobody took a batch another worker held.
    expect(batches.map((b) => Number(b.claims))).toEqual(batches.map(() => 2));
    const pidOf = (owner: string) => owner.split(':')[1];
    const pids = new Set(batches.flatMap((b) => [pidOf(b.step1_by), pidOf(b.step2_by)]));
    expect(pids.size).toBe(2);
    // Every address was asked once at its mail server.
    const asked = Object.values(w.hosts).flatMap((h) => h.stats.rcpts.map((r) => r.toLowerCase()));
    const mine = asked.filter((r) => /^p\d+@w\d\.test$/.test(r));
    expect(mine.length).toBe(ROWS);
    expect(new Set(mine).size).toBe(ROWS);
  }, 90_000);
});
