import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Db } from '../../platform/db/client';
import { beforeEachStatement } from '../../platform/db/sql';
import type { Step1Result, Step2Result } from '../verification';
import { findWorkspacePlan } from '../workspaces';
import { writeStep1, writeStep2 } from './results-write';
import { startVerification } from './start';
import { rowStatuses } from './status-cache';

// The copy of row statuses that search+filter uses during a run (status-cache.ts) follows the run's
// own writes instead of being read again: seeded at a fresh start, written through, and caught up
// with writes that raced its loading. Statements are counted through a wrapped Db.

let t: TestApp;
beforeAll(async () => {
  // No workers: the test writes the run's results itself.
  t = await createTestApp({ work: false });
});
afterAll(async () => {
  await t?.close();
});
const started: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  // Nobody works these runs: left processing, a shared PostgreSQL database's other suites (and their
  // job workers) would find them.
  await t.database.raw.query("UPDATE uploads SET status = 'completed' WHERE id = ANY($1::uuid[])", [started]);
});

const csv = ['email', ...Array.from({ length: 12 }, (_, i) => `p${i}@example.test`)].join('\n');

async function newUpload() {
  const c = new TestClient(t.app);
  const user = await c.register();
  const { uploadId } = (await uploadCsv(c, 'rows.csv', csv)).json();
  return { c, workspaceId: user.id as string, uploadId: uploadId as string };
}

/** A Db that counts its statements. */
function counting(db: Db) {
  const counter = { statements: 0 };
  return {
    db: beforeEachStatement(db, () => {
      counter.statements++;
    }),
    counter,
  };
}

/**
 * A copy found out of date is served while it reloads in the background (after a turn of the event
 * loop): two turns later, the reload's first statement has been sent if there is one.
 */
async function settled() {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Moves the cache's clock past the few seconds a running copy is served without a check. */
function later() {
  const now = performance.now();
  vi.spyOn(performance, 'now').mockImplementation(() => now + 60_000);
}

const step1 = (status: Step1Result['status']) =>
  ({
    status,
    reason: status === 'valid' ? null : 'no_mx',
    role: false,
    free: false,
    disposable: false,
    suggestion: null,
    mxHost: null,
  }) as unknown as Step1Result;
const step2 = (status: Step2Result['status']) =>
  ({
    status,
    reason: 'smtp',
    smtpCode: 250,
    smtpMessage: 'ok',
    mxHost: 'mx.example.test',
  }) as unknown as Step2Result;

describe('row statuses during a run', () => {
  it("are seeded at a fresh start and follow the run's writes without being read again", async () => {
    const { workspaceId, uploadId } = await newUpload();
    started.push(uploadId);
    // Started without sending its lanes (no job is left queued for other suites' workers).
    const res = await startVerification({
      db: t.database.db,
      queue: { send: async () => null },
      settings: t.config,
      workspace: (await findWorkspacePlan(t.database.db, workspaceId))!,
      uploadId,
      now: new Date(),
    });
    expect(res.started).toBe(true);
    const { db, counter } = counting(t.database.db);
    expect([...(await rowStatuses({ db, workspaceId, uploadId }))]).toEqual(Array(12).fill(0));
    expect(counter.statements).toBe(0);

    const now = new Date();
    const s1 = ['valid', 'valid', 'invalid', 'risky', 'invalid', 'valid'] as const;
    await writeStep1({
      db: t.database.db,
      uploadId,
      now,
      items: s1.map((s, i) => ({ rowIndex: i, result: step1(s) })),
    });
    await writeStep2({
      db: t.database.db,
      uploadId,
      now,
      items: [
        { rowIndex: 0, result: step2('valid') },
        { rowIndex: 1, result: step2('risky') },
      ],
    });
    const expected = [1, 3, 2, 3, 2, 0, 0, 0, 0, 0, 0, 0];
    expect([...(await rowStatuses({ db, workspaceId, uploadId }))]).toEqual(expected);
    // Checked against the upload's counters once the copy is older: the same version, nothing reloaded.
    later();
    expect([...(await rowStatuses({ db, workspaceId, uploadId }))]).toEqual(expected);
    await settled();
    expect(counter.statements).toBe(1);
  });

  it('catch up with a write that raced their loading', async () => {
    const { workspaceId, uploadId } = await newUpload();
    started.push(uploadId);
    await t.database.raw.query("UPDATE uploads SET status = 'processing', run_id = 1 WHERE id = $1", [
      uploadId,
    ]);
    const now = new Date();
    await writeStep1({
      db: t.database.db,
      uploadId,
      now,
      items: [0, 1, 2].map((i) => ({ rowIndex: i, result: step1(i === 2 ? 'invalid' : 'valid') })),
    });
    // The version is read, then the write lands, then the rows are read (statements run in order).
    const loading = rowStatuses({ db: t.database.db, workspaceId, uploadId });
    const writing = writeStep2({
      db: t.database.db,
      uploadId,
      now,
      items: [{ rowIndex: 0, result: step2('valid') }],
    });
    const [codes] = await Promise.all([loading, writing]);
    expect([...codes].slice(0, 4)).toEqual([1, 0, 2, 0]);

    const { db, counter } = counting(t.database.db);
    later();
    expect([...(await rowStatuses({ db, workspaceId, uploadId }))].slice(0, 4)).toEqual([1, 0, 2, 0]);
    await settled();
    // One version check; without the catch-up the copy would be a version behind and read again.
    expect(counter.statements).toBe(1);
  });
});
