import os from 'node:os';
import type { OurSideNotice } from '../../../shared/verification';
import type { Db } from '../../platform/db/client';
import { politeDb } from '../../platform/db/sql';
import type { JobContext } from '../../platform/jobs/registry';
import { realSleep, retrying } from '../../platform/retry';
import { isShuttingDown, processProber } from '../prober';
import { budgetNotice, noticeOf, type Verifier } from '../verification';
import { claimBatch, completeBatch, heartbeat, openBatches, releaseLeases } from './claims';
import { settleRunCredits } from './credits';
import { notifyListFinished } from './finished-event';
import { analyzeResults } from './queries/results';
import { runEnding, uploadRunState, uploadStatusOf } from './queries/upload-reads';
import { completeIfDone, failRun, failStuckRun, setNotice } from './queries/uploads';
import { type Lane, PGLITE_WRITE_ROWS, runStep1, runStep2 } from './steps';
import { watchWaiting } from './waiting';

/** How often a lane settles its run's credits while it runs (one count over the list's results). */
const SETTLE_EVERY_MS = 5000;

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
  const owner = `${os.hostname()}:${process.pid}:${opts.lane}:${opts.jobId.slice(0, 8)}`;
  const upload = await uploadRunState(db, { uploadId });
  // Paused on the probe budget: not before the window turns (the sweep wakes the run each minute).
  if (upload && budgetPausedUntil(upload.notice) > ctx.clock().getTime()) return;
  // The process's one prober: every upload and lane here shares its queues and connection slots.
  const verifier = processProber(ctx);
  const lane: Lane = {
    workspaceId: upload?.workspaceId,
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
  // Rows that ended are charged (or released) as the run goes, so the usage page moves with it (0890).
  const settling = setInterval(() => {
    settleRunCredits({ db, uploadId, final: false, now: ctx.clock() }).catch(() => {});
  }, SETTLE_EVERY_MS);
  // Step 1 has filled upload_results: its statistics are refreshed once per lane (the embedded
  // database has no autovacuum), so a later run of the same list refreshes them again.
  let analyzed = false;
  try {
    for (;;) {
      // A process shutting down (boot.ts: SIGTERM, SIGINT) stops its lanes between batches and gives
      // their batches back; the work resumes after restart or on another worker.
      if (isShuttingDown(verifier)) {
        await releaseLeases({ db, uploadId, owner });
        return;
      }
      if ((await uploadStatusOf(db, { uploadId })) !== 'processing') return;
      let batch = await claimBatch({ db, uploadId, owner, leaseSeconds: settings.LISTS_LEASE_S, step: 1 });
      if (!batch) {
        if (!analyzed) await db.execute(analyzeResults());
        analyzed = true;
        batch = await claimBatch({ db, uploadId, owner, leaseSeconds: settings.LISTS_LEASE_S, step: 2 });
      }
      if (batch) {
        let finished = true;
        // A transient failure (a dropped database connection) retries the batch; a persistent one fails the run.
        await retrying(
          async () => {
            finished = batch.step === 1 ? await runStep1(lane, batch) : await runStep2(lane, batch);
          },
          { retries: 2, baseMs: 500, maxMs: 1000, sleep: lane.ctx.sleep },
        );
        if (!finished) {
          // The upload was stopped or deleted during the batch, or its workspace's probe budget is
          // spent for now: its rows stay unverified (pending), and the notice says when it resumes.
          await releaseLeases({ db, uploadId, owner });
          return;
        }
        await completeBatch({ db, uploadId, owner, batch });
        continue;
      }
      if (await finishIfDone(lane)) return;
      // Other workers hold the remaining batches: wait (a poll, in real time), and take them over if
      // their lease lapses.
      await realSleep(1000);
    }
  } catch (err) {
    if (isShuttingDown(verifier)) {
      // Never a reason to fail the upload: its batches go back for the restart.
      await releaseLeases({ db, uploadId, owner }).catch(() => {});
      return;
    }
    ctx.log.error({ err, uploadId }, 'verification run failed');
    await releaseLeases({ db, uploadId, owner }).catch(() => {});
    await failRun(db, { message: `Verification failed: ${(err as Error).message}`, uploadId });
    await settleRunCredits({ db, uploadId, final: true, now: ctx.clock() }).catch(() => {});
    await notifyListFinished({ db, queue: ctx.queue, uploadId, log: ctx.log });
  } finally {
    clearInterval(beat);
    clearInterval(settling);
    await notices.stop();
    await waiting.stop();
    if (lane.paused) await setNotice(db, { notice: JSON.stringify(budgetNotice(lane.paused)), uploadId });
  }
}

/** When a budget notice says the run resumes (0: no such notice). */
function budgetPausedUntil(notice: string | null): number {
  if (!notice) return 0;
  try {
    const n = JSON.parse(notice) as OurSideNotice;
    return n.kind === 'budget' ? Date.parse(n.nextTryAt) : 0;
  } catch {
    return 0;
  }
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
      .then(() => setNotice(db, { notice, uploadId }))
      .then(() => {})
      .catch(() => {});
  };
  const check = () => {
    const notice = noticeOf(verifier, 'Verification');
    set(notice && JSON.stringify(notice));
  };
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

/** Completes the upload when no row is pending; true when this lane has nothing left to do. */
async function finishIfDone(lane: Lane): Promise<boolean> {
  const { db, uploadId } = lane;
  // A list reported complete has shared its verdicts: another list started right after reuses them.
  await lane.verifier.settle?.();
  // The run this lane finishes: read first, so a run started right after it is never closed by it.
  const run = await runEnding(db, { uploadId });
  if (!run) return true;
  const runId = Number(run.runId);
  // Charged before the list says completed, so its figures are final when anyone reads them (0890).
  // Only once no row is left: another lane's last write could otherwise land after this tally.
  if (Number(run.pending) === 0)
    await settleRunCredits({ db, uploadId, runId, final: false, now: lane.ctx.clock() });
  const done = await completeIfDone(db, { now: lane.ctx.clock(), uploadId });
  const notify = () => notifyListFinished({ db, queue: lane.ctx.queue, uploadId, log: lane.ctx.log });
  if (done) {
    await settleRunCredits({ db, uploadId, runId, final: true, now: lane.ctx.clock() });
    await notify();
    return true;
  }
  const { open } = await openBatches({ db, uploadId });
  if (open === 0) {
    // Every batch is done yet rows are pending: should not happen; say so rather than spin. A run that
    // ended meanwhile (or a newer one started) is not this lane's to fail or settle.
    if (await failStuckRun(db, { uploadId, runId })) {
      await settleRunCredits({ db, uploadId, runId, final: true, now: lane.ctx.clock() });
      await notify();
    }
    return true;
  }
  return false;
}
