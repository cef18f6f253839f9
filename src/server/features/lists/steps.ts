import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import type { JobContext } from '../../platform/jobs/registry';
import { isClosing } from '../prober';
import {
  type BudgetHold,
  offlineVerdict,
  type Step2Result,
  UnjudgedError,
  type Verifier,
} from '../verification';
import { carriedAmong } from './carried';
import type { ClaimedBatch } from './claims';
import { rowsPendingStep2, rowsToCheck } from './queries/results';
import { uploadStatusOf } from './queries/upload-reads';
import { writeStep1, writeStep2 } from './results-write';

// The two steps of a claimed batch (run.ts claims the batches and ends the run).

/** Step 2 results are written as they come, at most this many per flush or this often. */
const STEP2_FLUSH_ROWS = 200;
const STEP2_FLUSH_MS = 500;
/**
 * Verified rows per write statement on the embedded database (step 1, step 2). Its one connection runs
 * statements one after another: a 2,000-row step-1 write held it for 50-150 ms, and every results
 * page waited behind it; 250 step-1 rows take ~7 ms, 100 step-2 rows ~4 ms (step-2 updates touch two
 * indexes per row). PostgreSQL readers do not wait for writers: there a batch is one statement.
 */
export const PGLITE_WRITE_ROWS = { step1: 250, step2: 100 };
/**
 * Rows of a step-1 batch checked and written together: the progress moves by this many rows rather
 * than by a whole batch (LISTS_BATCH_SIZE, 2,000 by default), while the slices are checked at the same
 * time, so the batch's DNS look-ups still overlap (step 1 looks each domain up once for all of them).
 */
const STEP1_SLICE_ROWS = 250;
/** How often a lane in a step-2 batch looks whether its upload was stopped or deleted. */
const STOP_CHECK_MS = 1000;

export interface Lane {
  db: Db;
  uploadId: string;
  owner: string;
  verifier: Verifier;
  ctx: JobContext;
  /** Rows per write statement (undefined: a whole batch or flush at once). */
  writeRows?: { step1: number; step2: number };
  /** Send a batch's write statements without waiting for each (the database queues them). */
  pipelined: boolean;
  /** The upload's workspace: its probe budget pays for step 2 (decision 0860). */
  workspaceId?: string;
  /** Set when step 2 met the workspace's spent budget: the lane pauses until the window turns. */
  paused?: BudgetHold;
}

/** A row a step is to check: its index in the upload and its address. */
const rowToCheck = z.object({ row_index: dbInt, email: z.string() });
type RowToCheck = z.output<typeof rowToCheck>;

/**
 * Verifies a batch's rows; false when the upload was stopped or deleted meanwhile (the batch is given
 * up). A stop must not wait for step 1: while our resolver is unhealthy its look-ups are held until it
 * recovers (decision 0007), which may be never on a broken network.
 */
export async function runStep1(lane: Lane, batch: ClaimedBatch): Promise<boolean> {
  const { db, uploadId } = lane;
  // Only rows without a verdict: a batch taken over after a crash resumes where it stopped.
  const rows = await queryRows(db, rowToCheck, rowsToCheck({ uploadId, lo: batch.lo, hi: batch.hi }));
  const slices: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += STEP1_SLICE_ROWS) slices.push(rows.slice(i, i + STEP1_SLICE_ROWS));
  let stopped = false;
  const stop = stopSignal(db, uploadId, () => {
    stopped = true;
  });
  const write = (items: Parameters<typeof writeStep1>[0]['items']) =>
    writeStep1({
      db,
      uploadId,
      items,
      now: lane.ctx.clock(),
      maxRowsPerStatement: lane.writeRows?.step1,
      pipelined: lane.pipelined,
    });
  const work = Promise.allSettled(
    slices.map(async (slice) => {
      // Verdicts that need no network are written first: a malformed address is invalid even while
      // the resolver fails its canaries and the slice's other rows wait for it.
      const offline: Parameters<typeof write>[0] = [];
      const online: typeof slice = [];
      for (const r of slice) {
        const result = offlineVerdict(r.email);
        if (result) offline.push({ rowIndex: r.row_index, result });
        else online.push(r);
      }
      if (offline.length > 0) await write(offline);
      if (online.length === 0 || stopped) return;
      const results = await lane.verifier.checkStep1(online.map((r) => r.email));
      if (stopped) return;
      await write(online.map((r, i) => ({ rowIndex: r.row_index, result: results[i] })));
    }),
  );
  let done: Awaited<typeof work> | null;
  try {
    done = await Promise.race([work, stop.stopped.then(() => null)]);
  } finally {
    stop.end();
  }
  if (!done) return false;
  const failed = done.find((d) => d.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return !stopped;
}

/** Verifies a batch's rows; false when the upload was stopped or deleted meanwhile (the batch is given up). */
export async function runStep2(lane: Lane, batch: ClaimedBatch): Promise<boolean> {
  const { db, uploadId } = lane;
  const pending = await queryRows(db, rowToCheck, rowsPendingStep2({ uploadId, lo: batch.lo, hi: batch.hi }));
  const rows = await writeCarried(lane, pending);
  if (rows.length === 0) return true;
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
  // A stopped or deleted upload: stop waiting for this batch and drop the verdicts that still come
  // (the prober finishes the addresses it holds; what it learns stays in the shared knowledge, so a
  // resumed run gets them without probing again).
  let stopped = false;
  // Stop withdraws what the prober still holds of the batch: nothing more is sent for it.
  const withdraw = new AbortController();
  const stop = stopSignal(db, uploadId, () => {
    stopped = true;
    withdraw.abort();
  });
  try {
    const work = lane.verifier.checkStep2(
      rows.map((r) => ({ email: r.email, key: String(r.row_index) })),
      {
        tenant: uploadId,
        workspace: lane.workspaceId,
        signal: withdraw.signal,
        onResult: (result) => {
          // A stopped upload drops what still comes; so does a process shutting down, whose engine
          // answers the addresses it still held "temporary failure" (they stay pending for the restart).
          if (stopped || isClosing(lane.verifier)) return;
          buffer.push({ rowIndex: Number(result.key), result });
          if (buffer.length >= STEP2_FLUSH_ROWS) void flush();
        },
      },
    );
    work.catch(() => {});
    await Promise.race([work, stop.stopped]).catch((err) => {
      // Rows handed back unjudged stay pending: a spent budget pauses the lane, a stop ends it.
      if (!(err instanceof UnjudgedError)) throw err;
      if (err.hold) lane.paused = err.hold;
    });
  } finally {
    stop.end();
    clearInterval(timer);
    await flush();
  }
  if (failure) throw failure;
  // Shutting down: the batch goes back unfinished (its rows still pending), resumed after the restart.
  return !stopped && !lane.paused && !isClosing(lane.verifier);
}

/**
 * Rows that arrived with a verdict (the finder's found addresses, heard within the re-verification
 * window) get it written with the time it was heard, without asking the server again; the rest are
 * returned to be asked.
 */
async function writeCarried(lane: Lane, rows: RowToCheck[]) {
  if (rows.length === 0) return rows;
  const carried = await carriedAmong(
    lane.db,
    lane.uploadId,
    rows.map((r) => r.email),
  );
  if (carried.size === 0) return rows;
  const byTime = new Map<number, { rowIndex: number; result: Step2Result }[]>();
  const rest: typeof rows = [];
  for (const r of rows) {
    const c = carried.get(r.email.trim().toLowerCase());
    if (!c) {
      rest.push(r);
      continue;
    }
    const at = c.heardAt.getTime();
    // The write reads only the verdict's fields (results-write.ts), which a carried verdict has.
    byTime.set(at, [...(byTime.get(at) ?? []), { rowIndex: r.row_index, result: c.result as Step2Result }]);
  }
  for (const [at, items] of byTime)
    await writeStep2({
      db: lane.db,
      uploadId: lane.uploadId,
      items,
      now: new Date(at),
      maxRowsPerStatement: lane.writeRows?.step2,
    });
  return rest;
}

/** Resolves `stopped` (after calling `onStop`) once the upload is no longer processing. */
function stopSignal(db: Db, uploadId: string, onStop: () => void) {
  let resolve: () => void = () => {};
  const stopped = new Promise<void>((r) => {
    resolve = r;
  });
  const timer = setInterval(() => {
    uploadStatusOf(db, { uploadId })
      .then((status) => {
        if (status === 'processing') return;
        clearInterval(timer);
        onStop();
        resolve();
      })
      .catch(() => {});
  }, STOP_CHECK_MS);
  return { stopped, end: () => clearInterval(timer) };
}
