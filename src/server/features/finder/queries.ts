import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FindFilter, FindJobStatus, FindPerson, FindStatus } from '../../../shared/finder';
import type { Db } from '../../platform/db/client';
import { sentAddresses } from '../outcomes';
import type { Answer } from './answer';
import { type FindJobRow, type FindResultRow, findJobs, findResults } from './schema';

// Every statement on find_jobs and find_results (find_sites: site-cache.ts).

export async function insertJob(
  db: Db,
  j: {
    workspaceId: string;
    kind: 'single' | 'bulk';
    name: string;
    total: number;
    viaApi: boolean;
    now: Date;
  },
): Promise<FindJobRow> {
  const [row] = await db
    .insert(findJobs)
    .values({
      workspaceId: j.workspaceId,
      kind: j.kind,
      name: j.name,
      total: j.total,
      viaApi: j.viaApi,
      createdAt: j.now,
    })
    .returning();
  return row;
}

export async function insertPeople(db: Db, job: FindJobRow, people: FindPerson[]): Promise<void> {
  for (let i = 0; i < people.length; i += 500) {
    await db.insert(findResults).values(
      people.slice(i, i + 500).map((p, k) => ({
        jobId: job.id,
        rowNo: i + k + 1,
        workspaceId: job.workspaceId,
        firstName: p.firstName || null,
        lastName: p.lastName || null,
        fullName: p.fullName || null,
        company: p.company,
      })),
    );
  }
}

export async function jobOf(db: Db, workspaceId: string, jobId: string): Promise<FindJobRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(jobId)) return null;
  const [row] = await db
    .select()
    .from(findJobs)
    .where(and(eq(findJobs.id, jobId), eq(findJobs.workspaceId, workspaceId)));
  return row ?? null;
}

export async function jobById(db: Db, jobId: string): Promise<FindJobRow | null> {
  const [row] = await db.select().from(findJobs).where(eq(findJobs.id, jobId));
  return row ?? null;
}

export async function recentJobs(db: Db, workspaceId: string, limit: number): Promise<FindJobRow[]> {
  return db
    .select()
    .from(findJobs)
    .where(eq(findJobs.workspaceId, workspaceId))
    .orderBy(desc(findJobs.createdAt))
    .limit(limit);
}

export async function setJob(
  db: Db,
  jobId: string,
  patch: Partial<
    Pick<FindJobRow, 'status' | 'error' | 'heartbeatAt' | 'finishedAt' | 'done' | 'found' | 'notice'>
  >,
): Promise<void> {
  await db.update(findJobs).set(patch).where(eq(findJobs.id, jobId));
}

/** Moves a job to `to` only from one of `from` (a stop racing the end); true when it moved. */
export async function moveJob(
  db: Db,
  jobId: string,
  from: FindJobStatus[],
  to: FindJobStatus,
  now: Date,
): Promise<boolean> {
  const done = to === 'running' || to === 'queued' ? null : now;
  const rows = await db
    .update(findJobs)
    .set({ status: to, ...(done ? { finishedAt: done } : {}) })
    .where(and(eq(findJobs.id, jobId), inArray(findJobs.status, from)))
    .returning({ id: findJobs.id });
  return rows.length > 0;
}

export async function deleteJob(db: Db, workspaceId: string, jobId: string): Promise<boolean> {
  const rows = await db
    .delete(findJobs)
    .where(and(eq(findJobs.id, jobId), eq(findJobs.workspaceId, workspaceId)))
    .returning({ id: findJobs.id });
  return rows.length > 0;
}

/** Jobs left queued or running whose worker's lease ran out (a restart). */
export async function staleJobs(db: Db, before: Date): Promise<{ id: string; kind: 'single' | 'bulk' }[]> {
  return db
    .select({ id: findJobs.id, kind: findJobs.kind })
    .from(findJobs)
    .where(
      and(
        inArray(findJobs.status, ['queued', 'running']),
        or(
          and(isNull(findJobs.heartbeatAt), sql`${findJobs.createdAt} < ${before}`),
          sql`${findJobs.heartbeatAt} < ${before}`,
        ),
      ),
    );
}

export async function waitingPeople(db: Db, jobId: string): Promise<FindResultRow[]> {
  return db
    .select()
    .from(findResults)
    .where(and(eq(findResults.jobId, jobId), isNull(findResults.status)))
    .orderBy(asc(findResults.rowNo));
}

export async function saveAnswer(
  db: Db,
  jobId: string,
  rowNo: number,
  domain: string | null,
  a: Answer,
  now: Date,
) {
  await db
    .update(findResults)
    .set({
      domain,
      email: a.email,
      status: a.status,
      score: a.score,
      pattern: a.pattern,
      evidence: a.evidence,
      finishedAt: now,
    })
    .where(and(eq(findResults.jobId, jobId), eq(findResults.rowNo, rowNo)));
}

/** The job's done and found counts, from its rows (right after a restart too). */
export async function countJob(db: Db, jobId: string): Promise<{ done: number; found: number }> {
  const [row] = await db
    .select({
      done: sql<number>`count(${findResults.status})::int`,
      found: sql<number>`count(*) FILTER (WHERE ${findResults.status} IN ('valid', 'accept_all'))::int`,
    })
    .from(findResults)
    .where(eq(findResults.jobId, jobId));
  return { done: Number(row?.done ?? 0), found: Number(row?.found ?? 0) };
}

const FILTERS: Record<FindFilter, SQL | undefined> = {
  all: undefined,
  found: inArray(findResults.status, ['valid', 'accept_all']),
  valid: eq(findResults.status, 'valid'),
  accept_all: eq(findResults.status, 'accept_all'),
  unknown: eq(findResults.status, 'unknown'),
  ambiguous: eq(findResults.status, 'ambiguous'),
  not_found: eq(findResults.status, 'not_found'),
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function resultsWhere(jobId: string, filter: FindFilter, search: string): SQL | undefined {
  const term = search.trim();
  const like = `%${escapeLike(term)}%`;
  return and(
    eq(findResults.jobId, jobId),
    isNotNull(findResults.status),
    FILTERS[filter],
    term
      ? or(
          ilike(findResults.email, like),
          ilike(findResults.firstName, like),
          ilike(findResults.lastName, like),
          ilike(findResults.fullName, like),
          ilike(findResults.company, like),
        )
      : undefined,
  );
}

export async function resultRows(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(findResults)
    .where(where)
    .orderBy(asc(findResults.rowNo))
    .limit(limit)
    .offset(offset);
}

export async function resultCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(findResults).where(where);
  return Number(row?.n ?? 0);
}

export async function statusCounts(db: Db, jobId: string): Promise<Partial<Record<FindStatus, number>>> {
  const rows = await db
    .select({ status: findResults.status, n: count() })
    .from(findResults)
    .where(and(eq(findResults.jobId, jobId), isNotNull(findResults.status)))
    .groupBy(findResults.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The workspace's earlier answers at a domain (other jobs' too): what the finder itself confirmed. */
export async function earlierAnswers(db: Db, workspaceId: string, domain: string): Promise<FindResultRow[]> {
  return db
    .select()
    .from(findResults)
    .where(
      and(
        eq(findResults.workspaceId, workspaceId),
        eq(findResults.domain, domain),
        inArray(findResults.status, ['valid', 'accept_all']),
      ),
    )
    .limit(100);
}

/** Each found address once (its latest answer), with whether it was sent to and bounced. */
export const foundAndSent = (workspaceId: string) => sql`
  WITH found AS (
    SELECT DISTINCT ON (lower(email)) lower(email) AS email, status, score
    FROM find_results
    WHERE workspace_id = ${workspaceId} AND email IS NOT NULL AND status IN ('valid', 'accept_all')
    ORDER BY lower(email), finished_at DESC NULLS LAST
  )
  SELECT f.status, f.score, s.bounced
  FROM found f JOIN ${sentAddresses(sql`${workspaceId}::uuid`)} s ON s.email = f.email`;
