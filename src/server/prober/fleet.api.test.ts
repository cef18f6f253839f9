import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../tests/fakes/smtp-world';
import { type Child, spawnChild } from '../../../tests/helpers/child-server';
import { TestClient } from '../../../tests/helpers/client';
import { watchEstablished } from '../../../tests/helpers/established';
import { uploadCsv, waitFor } from '../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Fleet-wide politeness: two worker processes on one PostgreSQL database, two uploads (two accounts)
// whose addresses all live on one mail server. SMTP_MAX_CONNECTIONS_PER_HOST=2 holds for the fleet,
// counted from the kernel's established sockets (client side), and both lists move at once.
const url = process.env.TEST_DATABASE_URL;
const ROWS = 120;
const CAP = 2;

describe.runIf(url)('two workers, two uploads, one mail server', () => {
  let w: World;
  let t: TestApp;
  const workers: Child[] = [];

  beforeAll(async () => {
    const mailboxes = Array.from({ length: ROWS }, (_, i) => [`a${i}@fleet.test`, `b${i}@fleet.test`])
      .flat()
      .filter((_, i) => i % 4 < 2);
    w = await startWorld({ 'fleet.test': { mailboxes, latencyMs: 15 } });
    t = await createTestApp({ env: { LISTS_BATCH_SIZE: '20', LISTS_LANES: '2' } });
    const env = {
      ...w.env(),
      DATABASE_URL: url as string,
      SMTP_MAX_CONNECTIONS_PER_HOST: String(CAP),
      // Short sessions, so connections open and close all the time: overlaps would show.
      SMTP_MAX_RCPT_PER_SESSION: '4',
      // Two lanes per worker at most: both workers take part.
      LISTS_WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    };
    for (let i = 0; i < 2; i++) workers.push(spawnChild('src/server/worker.ts', env));
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

  it('both lists progress at once and the fleet never holds more than the cap to the server', async () => {
    const ip = w.ipOf['fleet.test'];
    const uploads: { c: TestClient; id: string }[] = [];
    for (const prefix of ['a', 'b']) {
      const c = new TestClient(t.app);
      await c.register();
      const csv = ['email', ...Array.from({ length: ROWS }, (_, i) => `${prefix}${i}@fleet.test`)].join('\n');
      uploads.push({ c, id: (await uploadCsv(c, `${prefix}.csv`, csv)).json().uploadId });
    }
    const sockets = watchEstablished(ip, w.port);
    for (const u of uploads) expect((await u.c.post(`/api/verify/${u.id}`)).json().started).toBe(true);

    // Sample both uploads until both are done: at some moment both had step-2 progress while running.
    let together = false;
    const final = await waitFor(
      async () => Promise.all(uploads.map(async (u) => (await u.c.get(`/api/upload/${u.id}/status`)).json())),
      (ss) => {
        if (ss.every((s) => s.status === 'processing' && s.step2Count > 0)) together = true;
        return ss.every((s) => s.status !== 'processing');
      },
      90_000,
    );
    const seen = sockets.stop();
    const logs = workers.map((x) => x.output()).join('\n');
    for (const s of final) {
      expect(s.status, logs).toBe('completed');
      expect(s.stats).toEqual({ total: ROWS, valid: ROWS / 2, invalid: ROWS / 2, risky: 0, pending: 0 });
    }
    expect(together).toBe(true);
    expect(seen.samples).toBeGreaterThan(50);
    expect(seen.sustained).toBeGreaterThan(0);
    expect(seen.sustained, `single-sample max ${seen.max}`).toBeLessThanOrEqual(CAP);
    // Both processes did probe (the cap was shared, not one process doing everything).
    const rows = await t.database.raw.query<{ step2_by: string }>(
      'SELECT DISTINCT step2_by FROM upload_batches WHERE upload_id = ANY($1)',
      [uploads.map((u) => u.id)],
    );
    expect(new Set(rows.map((r) => r.step2_by.split(':')[1])).size).toBe(2);
    // Every connection's slot was given back (right after its socket closed).
    await waitFor(
      () => t.database.raw.query('SELECT * FROM prober_slots WHERE ip = $1', [ip]),
      (left) => left.length === 0,
      10_000,
    );
  }, 120_000);
});
