import { and, eq, or, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database, Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import { FIND_RUN_JOB } from './job-types';
import { moveJob, setJob } from './queries';
import { findJobs } from './schema';

// Turns between workspaces in the find queue (decision 0860, Medium 1 of issue 42).

/**
 * Another bulk find of the workspace running now (its heartbeat fresh) and started before this one:
 * a workspace runs one bulk find at a time, so its others never hold the slots other workspaces need.
 */
async function earlierBulkRunning(
  db: Db,
  o: { workspaceId: string; jobId: string; createdAt: Date; freshAfter: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: findJobs.id })
    .from(findJobs)
    .where(
      and(
        eq(findJobs.workspaceId, o.workspaceId),
        eq(findJobs.kind, 'bulk'),
        eq(findJobs.status, 'running'),
        sql`${findJobs.id} <> ${o.jobId}`,
        sql`${findJobs.heartbeatAt} >= ${o.freshAfter}`,
        or(
          sql`${findJobs.createdAt} < ${o.createdAt}`,
          and(sql`${findJobs.createdAt} = ${o.createdAt}`, sql`${findJobs.id} < ${o.jobId}`),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Seconds a bulk find waits for its workspace's earlier bulk find before it looks again. */
const TURN_WAIT_S = 5;

/**
 * One bulk find per workspace at a time (fleet-wide): a later one goes back to the queue and looks
 * again shortly, so four bulk uploads of one workspace never hold every find slot (Medium 1).
 */
export async function yieldTurn(o: {
  ctx: { database: Database; queue: JobSender };
  clock: Clock;
  job: { id: string; workspaceId: string; createdAt: Date };
  /** A running find whose heartbeat is older than this has lost its worker: it does not count. */
  leaseMs: number;
}): Promise<boolean> {
  const db = o.ctx.database.db;
  const now = o.clock();
  const freshAfter = new Date(now.getTime() - o.leaseMs);
  if (!(await earlierBulkRunning(db, { ...o.job, jobId: o.job.id, freshAfter }))) return false;
  if (!(await moveJob(db, o.job.id, ['running'], 'queued', now))) return true;
  await setJob(db, o.job.id, { heartbeatAt: now });
  await o.ctx.queue.send(
    FIND_RUN_JOB,
    { jobId: o.job.id },
    { singletonKey: o.job.id, startAfter: TURN_WAIT_S },
  );
  return true;
}
