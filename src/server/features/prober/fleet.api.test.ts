import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostSpec, startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { type Child, spawnChild } from '../../../../tests/helpers/child-server';
import { TestClient } from '../../../../tests/helpers/client';
import { watchEstablished } from '../../../../tests/helpers/established';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { startVerification } from '../lists/start';
import { findWorkspacePlan } from '../workspaces';

// Scale-out: two `npm run worker` processes on one PostgreSQL database (started once for both tests).
// PostgreSQL only (`npm run test:pg`): the embedded database is one process's.
// - Two uploads (two accounts) whose addresses all live on one mail server: SMTP_MAX_CONNECTIONS_PER_HOST
//   holds for the fleet, counted from the kernel's established sockets (client side), and both lists
//   move at once.
// - One run shared by both workers: no batch is held by two of them at once.
const url = process.env.TEST_DATABASE_URL;
const ROWS = 120;
const CAP = 2;
const SHARED_ROWS = 200;

describe.runIf(url)('two worker processes on PostgreSQL', () => {
  let w: World;
  let t: TestApp;
  const workers: Child[] = [];

  beforeAll(async () => {
    const mailboxes = Array.from({ length: ROWS }, (_, i) => [`a${i}@fleet.test`, `b${i}@fleet.test`])
      .flat()
      .filter((_, i) => i % 4 < 2);
    const domains: Record<string, HostSpec> = {
      // As a real server: it counts each connection until it has read the client's close, and
      // answers 421 to one more than the cap.
      'fleet.test': { mailboxes, latencyMs: 15, maxConnections: CAP, holdUntilClientCloses: true },
    };
    for (let d = 0; d < 4; d++) domains[`w${d}.test`] = { mailboxes: [], latencyMs: 5 };
    // One server of the shared run allows a single connection per client (fewer than our cap): the
    // two processes meet its 421 "too many connections", which paces them and never judges a row.
    domains['w0.test'] = { ...domains['w0.test'], maxConnections: 1, holdUntilClientCloses: true };
    for (let i = 0; i < SHARED_ROWS; i += 2)
      domains[`w${i % 4}.test`].mailboxes?.push(`p${i}@w${i % 4}.test`);
    w = await startWorld(domains);
    // A trial's probe budget (100 an hour at one domain, decision 0860) would pause these lists at
    // fleet.test: what is measured here is the fleet's connection cap, not the account's allowance.
    const budget = { PROBE_BUDGET_TRIAL: '100000,1000000,100000' };
    t = await createTestApp({ env: { LISTS_BATCH_SIZE: '20', LISTS_LANES: '2', ...budget } });
    const env = {
      ...w.env(),
      ...budget,
      DATABASE_URL: url as string,
      SMTP_TIMEOUT_MS: '15000', // fakes always answer; a timeout here would only mean a starved CPU
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
    // Both started together: workers pick a run's lanes up the moment they are sent.
    const started = await Promise.all(uploads.map((u) => u.c.post(`/api/verify/${u.id}`)));
    for (const res of started) expect(res.json().started).toBe(true);

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
    // Slots are given back once the server has read our close: it never had to turn one away.
    expect(w.hosts['fleet.test'].stats.rejected421).toBe(0);
    expect(w.hosts['fleet.test'].stats.maxConcurrent).toBeLessThanOrEqual(CAP);
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

  it('shares one run between two worker processes with no batch held twice', async () => {
    const c = new TestClient(t.app);
    const user = await c.register();
    const csv = ['email', ...Array.from({ length: SHARED_ROWS }, (_, i) => `p${i}@w${i % 4}.test`)].join(
      '\n',
    );
    const { uploadId } = (await uploadCsv(c, 'shared.csv', csv)).json();
    // Batches were cut at upload time with the default size; make them small so both workers get some.
    await t.database.raw.query('DELETE FROM upload_batches WHERE upload_id = $1', [uploadId]);
    await t.database.raw.query(
      `INSERT INTO upload_batches (upload_id, batch_no, lo, hi)
       SELECT $1, g, g * 10, g * 10 + 9 FROM generate_series(0, $2 / 10 - 1) g`,
      [uploadId, SHARED_ROWS],
    );
    // Four lanes for two processes of two job workers each: whichever process is woken first can hold
    // two lanes at most, so the other takes part too (workers are woken together when a job is sent).
    const workspace = (await findWorkspacePlan(t.database.db, user.id))!;
    const started = await startVerification({
      db: t.database.db,
      queue: t.queue,
      settings: { ...t.config, LISTS_LANES: 4 },
      workspace,
      uploadId,
      now: new Date(),
    });
    expect(started.started).toBe(true);
    const s = await waitFor(
      async () => (await c.get(`/api/upload/${uploadId}/status`)).json(),
      (s) => s.status !== 'processing',
      60_000,
    );
    expect(s.status, workers.map((x) => x.output()).join('\n')).toBe('completed');
    expect(s.stats).toEqual({
      total: SHARED_ROWS,
      valid: SHARED_ROWS / 2,
      invalid: SHARED_ROWS / 2,
      risky: 0,
      pending: 0,
    });

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
    expect(mine.length).toBe(SHARED_ROWS);
    expect(new Set(mine).size).toBe(SHARED_ROWS);
  }, 90_000);
});
