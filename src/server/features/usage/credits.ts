import { and, desc, eq, gte } from 'drizzle-orm';
import { type CreditRunsResponse, DEFAULT_REVERIFY_DAYS } from '../../../shared/credits';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { type CreditTally, settleRun } from './queries';
import { monthOf } from './quota';
import { creditRuns, creditSettings, usageCounters } from './schema';

// The credits ledger (decision 0890): a run reserves one credit per row it will judge, then settles them
// as its rows end. Lists says what its rows ended as (the tally); this file keeps the books.

export type { CreditTally } from './queries';

/**
 * Reserves a run's credits: one ledger row per run of a list (a second call for the same run, a
 * double click or a retried request, reserves nothing more). Called once the run has really started:
 * a start that lost a race reserves nothing.
 */
export async function reserveCredits(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  runId: number;
  listName: string;
  reserved: number;
  now: Date;
}): Promise<void> {
  await opts.db
    .insert(creditRuns)
    .values({
      workspaceId: opts.workspaceId,
      uploadId: opts.uploadId,
      runId: opts.runId,
      listName: opts.listName,
      month: monthOf(opts.now),
      reserved: Math.max(0, opts.reserved),
      startedAt: opts.now,
    })
    .onConflictDoNothing();
}

/** Charges and releases a run's credits to what its rows ended as so far; `final` closes the run. */
export async function settleCredits(opts: {
  db: Db;
  uploadId: string;
  runId: number;
  tally: CreditTally;
  final: boolean;
  now: Date;
}): Promise<void> {
  await query(opts.db, settleRun(opts));
}

/** The workspace's re-verification window in days (0: never reuse). */
export async function reverifyDays(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ days: creditSettings.reverifyDays })
    .from(creditSettings)
    .where(eq(creditSettings.workspaceId, workspaceId));
  return row?.days ?? DEFAULT_REVERIFY_DAYS;
}

export async function setReverifyDays(db: Db, p: { workspaceId: string; days: number }): Promise<number> {
  await db
    .insert(creditSettings)
    .values({ workspaceId: p.workspaceId, reverifyDays: p.days })
    .onConflictDoUpdate({ target: creditSettings.workspaceId, set: { reverifyDays: p.days } });
  return p.days;
}

/** This month's credits and the runs started in it, newest first (the usage page's settlement table). */
export async function creditRunsOfMonth(opts: {
  db: Db;
  workspaceId: string;
  now: Date;
  limit?: number;
}): Promise<CreditRunsResponse> {
  const { db, workspaceId } = opts;
  const month = monthOf(opts.now);
  const rows = await db
    .select()
    .from(creditRuns)
    .where(and(eq(creditRuns.workspaceId, workspaceId), gte(creditRuns.month, month)))
    .orderBy(desc(creditRuns.startedAt), desc(creditRuns.id))
    .limit(opts.limit ?? 100);
  const [counter] = await db
    .select({ units: usageCounters.units })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.workspaceId, workspaceId),
        eq(usageCounters.month, month),
        eq(usageCounters.kind, 'verification'),
      ),
    );
  const runs = rows.map((r) => {
    const released = {
      unknown: r.releasedUnknown,
      syntax: r.releasedSyntax,
      duplicate: r.releasedDuplicate,
      reused: r.releasedReused,
      unfinished: r.releasedUnfinished,
    };
    const ended = r.charged + Object.values(released).reduce((a, b) => a + b, 0);
    return {
      uploadId: r.uploadId,
      runId: r.runId,
      listName: r.listName,
      startedAt: r.startedAt.toISOString(),
      settledAt: r.settledAt ? r.settledAt.toISOString() : null,
      reserved: r.reserved,
      charged: r.charged,
      open: r.settledAt ? 0 : Math.max(0, r.reserved - ended),
      released,
    };
  });
  return {
    month: month.slice(0, 7),
    charged: Number(counter?.units ?? 0),
    reserved: runs.reduce((a, r) => a + r.open, 0),
    reverifyDays: await reverifyDays(db, workspaceId),
    runs,
  };
}
