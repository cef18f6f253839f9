import { z } from 'zod';
import { CHARGED_REASONS } from '../../../shared/credits';
import type { Db } from '../../platform/db/client';
import { countRow, dbInt, queryRows } from '../../platform/db/sql';
import { type CreditTally, reverifyDays, settleCredits } from '../usage';
import { forgetReusedAnswers, reuseRecentAnswers, runTally } from './queries/credits';
import { runEnding } from './queries/upload-reads';

// A run's credits (decision 0890): what its rows ended as, told to the ledger (usage/credits.ts) as they
// end, and once more when the run ends (completed, stopped, failed or deleted) to close it.

/**
 * Settles the current run of the upload to what its rows ended as so far; `final` when the run has
 * ended: what it did not reach is released. Safe to call any number of times, from any lane.
 */
export async function settleRunCredits(opts: {
  db: Db;
  uploadId: string;
  final: boolean;
  now: Date;
  /** The run to settle (default: the upload's current run). */
  runId?: number;
}): Promise<void> {
  const { db, uploadId } = opts;
  const runId = opts.runId ?? (await currentRun(db, uploadId));
  if (runId === null) return;
  const [tally] = await queryRows(db, tallyRow, runTally({ uploadId, runId, charged: CHARGED_REASONS }));
  await settleCredits({ db, uploadId, runId, tally: tally ?? NO_ROWS, final: opts.final, now: opts.now });
}

const tallyRow = z.object({
  charged: dbInt,
  unknown: dbInt,
  syntax: dbInt,
  duplicate: dbInt,
  reused: dbInt,
}) satisfies z.ZodType<CreditTally>;
const NO_ROWS: CreditTally = { charged: 0, unknown: 0, syntax: 0, duplicate: 0, reused: 0 };

/**
 * Answers a just-started run's rows from the workspace's definite answers within its re-verification
 * window, for free; how many rows it answered.
 */
export async function reuseRecent(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  now: Date;
}): Promise<number> {
  const days = await reverifyDays(opts.db, opts.workspaceId);
  if (days <= 0) return 0;
  const rows = await queryRows(
    opts.db,
    countRow,
    reuseRecentAnswers({ ...opts, days, charged: CHARGED_REASONS }),
  );
  return rows[0]?.n ?? 0;
}

/** "Verify again now" on a finished list: its reused rows become unverified again; how many. */
export async function forgetReused(opts: { db: Db; workspaceId: string; uploadId: string }): Promise<number> {
  const rows = await queryRows(opts.db, countRow, forgetReusedAnswers(opts));
  return rows[0]?.n ?? 0;
}

/** The upload's current run, or null when the upload is gone. */
export async function currentRun(db: Db, uploadId: string): Promise<number | null> {
  const run = await runEnding(db, { uploadId });
  return run ? Number(run.runId) : null;
}
