import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { OurSideNotice } from '../../shared/lists';
import type { Db } from '../db/client';
import type { JobContext } from '../jobs/registry';
import { laneVerifier } from '../prober/lane-verifier';
import type { Step2Result, Verifier } from '../verification';
import { notifyListFinished } from '../webhooks/list-events';
import {
  type ClaimedBatch,
  claimBatch,
  completeBatch,
  heartbeat,
  openBatches,
  releaseLeases,
} from './claims';
import { writeStep1, writeStep2 } from './results-write';
import { politeDb, query } from './sql';
import { watchWaiting } from './waiting';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A process shutting down (SIGTERM/SIGINT) stops its lanes between batches and gives their batches
// back; the work resumes after restart or on another worker. Never a reason to fail the upload.
let stopping = false;
let watching = false;
function watchShutdown() {
  if (watching) return;
  watching = true;
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      stopping = true;
    });
  }
}
/** Step 2 results are written as they come, at most this many per flush or this often. */
const STEP2_FLUSH_ROWS = 200;
const STEP2_FLUSH_MS = 500;
/**
 * Verified rows per write statement on the embedded database (step 1, step 2). Its one connection runs
 * statements one after another: a 2,000-row step-1 write held it for 50-150 ms, and every results
 * page waited behind it; 250 step-1 rows take ~7 ms, 100 step-2 rows ~4 ms (step-2 updates touch two
 * indexes per row). PostgreSQL readers do not wait for writers: there a batch is one statement.
 */
const PGLITE_WRITE_ROWS = { step1: 250, step2: 100 };

interface Lane {
  db: Db;
  uploadId: string;
  owner: string;
  verifier: Verifier;
  ctx: JobContext;
  /** Rows per write statement (undefined: a whole batch or flush at once). */
  writeRows?: { step1: number; step2: number };
  /** Send a batch's write statements without waiting for each (the database queues them). */
  pipelined: boolean;
}

/**
 * One lane of a run: claims batches (step 1 first, then step 2) until the upload has nothing left,
 * then marks it completed. Several lanes, in this process or others, share an upload safely.
 */
export async function runLane(opts: { ctx: JobContext; uploadId: string; lane: number; jobId: string }) {
  const { ctx, uploadId } = opts;
  const settings = ctx.config;
  const embedded = ctx.database.kind === 'pglite';
  // In the server's thread, the embedded database needs the lane to let requests in (politeDb); in
  // its own thread, its scheduler interleaves the lane's statements with requests' (pglite-remote.ts).
  const inline = embedded && !ctx.database.ownThread;
  const db = inline ? politeDb(ctx.database.db) : ctx.database.db;
  watchShutdown();
  const owner = `${os.hostname()}:${process.pid}:${opts.lane}:${opts.jobId.slice(0, 8)}`;
  // The process's one prober: every upload and lane here shares its queues and connection slots.
  const verifier = laneVerifier(ctx);
  const lane: Lane = {
    db,
    uploadId,
    owner,
    verifier,
    ctx,
    writeRows: embedded ? PGLITE_WRITE_ROWS : undefined,
    pipelined: !inline,
  };
  const beat = setInterval(
    () => {
      heartbeat({ db, uploadId, owner, leaseSeconds: settings.LISTS_LEASE_S }).catch(() => {});
    },
    Math.max(1000, (settings.LISTS_LEASE_S * 1000) / 3),
  );
  // Our side failing (a lying or silent resolver, port 25 blocked, the verifier API down) holds the
  // rows in the engine: say why on the upload. The resolver's canaries are asked at the run's start.
  const notices = watchNotice(db, uploadId, verifier);
  void verifier.checkResolver?.();
  const waiting = watchWaiting(db, uploadId, verifier);
  try {
    for (;;) {
      if (stopping) {
        await releaseLeases({ db, uploadId, owner });
        return;
      }
      if ((await uploadStatus(db, uploadId)) !== 'processing') return;
      let batch = await claimBatch({ db, uploadId, owner, leaseSeconds: settings.LISTS_LEASE_S, step: 1 });
      if (!batch) {
        await analyzeOnce(db, uploadId);
        batch = await claimBatch({ db, uploadId, owner, leaseSeconds: settings.LISTS_LEASE_S, step: 2 });
      }
      if (batch) {
        await withRetries(() => (batch.step === 1 ? runStep1(lane, batch) : runStep2(lane, batch)));
        await completeBatch({ db, uploadId, owner, batch });
        continue;
      }
      if (await finishIfDone(lane)) return;
      // Other workers hold the remaining batches: wait, and take them over if their lease lapses.
      await sleep(1000);
    }
  } catch (err) {
    if (stopping) return;
    ctx.log.error({ err, uploadId }, 'verification run failed');
    await releaseLeases({ db, uploadId, owner }).catch(() => {});
    await db.execute(sql`
      UPDATE uploads SET status = 'failed', error_message = ${`Verification failed: ${(err as Error).message}`}
      WHERE id = ${uploadId} AND status = 'processing'`);
    await notifyListFinished({ db, queue: ctx.queue, uploadId, log: ctx.log });
  } finally {
    clearInterval(beat);
    await notices.stop();
    await waiting.stop();
  }
}

/** The verifier's health as the upload's notice (JSON of OurSideNotice), null while our side works. */
function noticeOf(verifier: Verifier): string | null {
  const h = verifier.health();
  if (h.ok) return null;
  const notice: OurSideNotice = {
    kind: h.kind ?? 'smtp',
    message: h.message ?? 'Verification is waiting on our side; it will resume by itself',
    nextTryAt: new Date(h.nextTryAt ?? Date.now() + 30_000).toISOString(),
  };
  return JSON.stringify(notice);
}

/**
 * Mirrors our side's health (the DNS resolver, the way to mail servers, the verifier API) onto the
 * upload's notice while this lane runs: the rows wait meanwhile and the run says why.
 */
function watchNotice(db: Db, uploadId: string, verifier: Verifier) {
  let shown: string | null | undefined; // unknown: the first check writes
  let writing = Promise.resolve();
  const set = (notice: string | null) => {
    if (notice === shown) return;
    shown = notice;
    writing = writing
      .then(() => db.execute(sql`UPDATE uploads SET notice = ${notice} WHERE id = ${uploadId}`))
      .then(() => {})
      .catch(() => {});
  };
  const check = () => set(noticeOf(verifier));
  check();
  const timer = setInterval(check, 1000);
  return {
    async stop() {
      clearInterval(timer);
      if (shown) set(null);
      await writing;
    },
  };
}

const analyzed = new Set<string>();
/** Step 1 has filled upload_results: refresh its statistics once (the embedded database has no autovacuum). */
async function analyzeOnce(db: Db, uploadId: string) {
  if (analyzed.has(uploadId)) return;
  analyzed.add(uploadId);
  await db.execute(sql`ANALYZE upload_results`);
}

async function uploadStatus(db: Db, uploadId: string): Promise<string | null> {
  const rows = await query<{ status: string }>(db, sql`SELECT status FROM uploads WHERE id = ${uploadId}`);
  return rows[0]?.status ?? null;
}

/** A transient failure (a dropped connection) retries the batch; a persistent one fails the run. */
async function withRetries(fn: () => Promise<void>, attempts = 3): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await sleep(500 * i);
    }
  }
}

async function runStep1(lane: Lane, batch: ClaimedBatch): Promise<void> {
  const { db, uploadId } = lane;
  // Only rows without a verdict: a batch taken over after a crash resumes where it stopped.
  const rows = await query<{ row_index: number; email: string }>(
    db,
    sql`
    SELECT r.row_index, r.email FROM upload_rows r
    WHERE r.upload_id = ${uploadId} AND r.row_index BETWEEN ${batch.lo} AND ${batch.hi}
      AND r.canon_index = r.row_index
      AND NOT EXISTS (SELECT 1 FROM upload_results x WHERE x.upload_id = ${uploadId} AND x.row_index = r.row_index)
    ORDER BY r.row_index`,
  );
  if (rows.length === 0) return;
  const results = await lane.verifier.checkStep1(rows.map((r) => r.email));
  await writeStep1({
    db,
    uploadId,
    items: rows.map((r, i) => ({ rowIndex: Number(r.row_index), result: results[i] })),
    now: lane.ctx.clock(),
    maxRowsPerStatement: lane.writeRows?.step1,
    pipelined: lane.pipelined,
  });
}

async function runStep2(lane: Lane, batch: ClaimedBatch): Promise<void> {
  const { db, uploadId } = lane;
  const rows = await query<{ row_index: number; email: string }>(
    db,
    sql`
    SELECT x.row_index, r.email FROM upload_results x
    JOIN upload_rows r ON r.upload_id = ${uploadId} AND r.row_index = x.row_index
    WHERE x.upload_id = ${uploadId} AND x.step2_status = 'pending'
      AND x.row_index BETWEEN ${batch.lo} AND ${batch.hi} AND r.canon_index = r.row_index
      -- The range on both sides: without it the planner misjudged the join and read every row of
      -- the upload (a 250k-row sequential scan, ~115 ms per batch on the embedded database).
      AND r.row_index BETWEEN ${batch.lo} AND ${batch.hi}`,
  );
  if (rows.length === 0) return;
  let buffer: { rowIndex: number; result: Step2Result }[] = [];
  let writing = Promise.resolve();
  let failure: unknown = null;
  const flush = () => {
    if (buffer.length === 0) return writing;
    const items = buffer;
    buffer = [];
    writing = writing
      .then(() =>
        writeStep2({
          db,
          uploadId,
          items,
          now: lane.ctx.clock(),
          maxRowsPerStatement: lane.writeRows?.step2,
          pipelined: lane.pipelined,
        }),
      )
      .catch((err) => {
        failure = err;
      });
    return writing;
  };
  const timer = setInterval(() => void flush(), STEP2_FLUSH_MS);
  try {
    await lane.verifier.checkStep2(
      rows.map((r) => ({ email: r.email, key: String(r.row_index) })),
      {
        tenant: uploadId,
        onResult: (result) => {
          buffer.push({ rowIndex: Number(result.key), result });
          if (buffer.length >= STEP2_FLUSH_ROWS) void flush();
        },
      },
    );
  } finally {
    clearInterval(timer);
    await flush();
  }
  if (failure) throw failure;
}

/** Completes the upload when no row is pending; true when this lane has nothing left to do. */
async function finishIfDone(lane: Lane): Promise<boolean> {
  const { db, uploadId } = lane;
  // A list reported complete has shared its verdicts: another list started right after reuses them.
  await lane.verifier.settle?.();
  const done = await query<{ id: string }>(
    db,
    sql`
    UPDATE uploads SET status = 'completed', completed_at = ${lane.ctx.clock()}
    WHERE id = ${uploadId} AND status = 'processing' AND pending = 0
    RETURNING id`,
  );
  const notify = () => notifyListFinished({ db, queue: lane.ctx.queue, uploadId, log: lane.ctx.log });
  if (done.length > 0) {
    await notify();
    return true;
  }
  const { open } = await openBatches({ db, uploadId });
  if (open === 0) {
    // Every batch is done yet rows are pending: should not happen; say so rather than spin.
    await db.execute(sql`
      UPDATE uploads SET status = 'failed',
        error_message = 'Some rows could not be verified. Use re-verify pending to try them again.'
      WHERE id = ${uploadId} AND status = 'processing' AND pending > 0`);
    await notify();
    return true;
  }
  return false;
}
