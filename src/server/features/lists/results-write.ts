import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import type { Step1Result, Step2Result } from '../verification';
import { noteWrite, type WrittenStatuses } from './status-cache';

// Set-based result writes. Each is ONE statement: the results (for the verified row and every
// duplicate of its address) and the upload's counters change together, so total = valid + invalid +
// risky + pending holds at every moment, and a batch written twice (after a crash) counts once:
// step 1 inserts with ON CONFLICT DO NOTHING, step 2 only updates rows still pending.

/** What a write changed, for the search+filter copy of row statuses (status-cache.ts). */
const returningWritten = sql`RETURNING u.run_id AS "runId", u.step1_count AS "step1Count",
  u.step2_count AS "step2Count", c.n, c.rows, c.statuses`;

/**
 * The upload, locked, while its run is going: a write whose upload was stopped (or deleted) meanwhile
 * writes nothing, so a stopped run's counts and export never move afterwards. The lock is the one the
 * counters' UPDATE takes anyway, taken first: a stop waits for a write under way, or the write sees it.
 */
const running = (uploadId: string) => sql`
  live AS (SELECT id FROM uploads WHERE id = ${uploadId} AND status = 'processing' FOR UPDATE)`;

/**
 * Step 2's answers (`a`) with the workspace's bounces applied (decision 0220): an address that bounced in one
 * of the workspace's campaigns stays invalid (`bounced`) unless this fresh SMTP answer says the mailbox
 * exists (valid). A risky answer (catch-all, unreachable…) says nothing against the bounce.
 */
const afterBounces = (uploadId: string) => sql`
  SELECT a.idx,
    CASE WHEN o.email IS NOT NULL AND a.status = 'risky' THEN 'invalid' ELSE a.status END AS status,
    CASE WHEN o.email IS NOT NULL AND a.status = 'risky' THEN 'bounced' ELSE a.reason END AS reason,
    a.smtp_code, a.smtp_message, a.mx_host,
    CASE WHEN o.email IS NOT NULL AND a.status = 'risky' THEN 'send_outcome' ELSE a.decided_by END AS decided_by,
    a.attempts
  FROM a
  LEFT JOIN upload_rows br ON br.upload_id = ${uploadId} AND br.row_index = a.idx
  LEFT JOIN send_outcomes o ON o.workspace_id = (SELECT workspace_id FROM uploads WHERE id = ${uploadId})
    AND o.email = lower(br.email) AND o.bounced_at IS NOT NULL`;

/** Rows that share the verified row's address get the same verdict. */
const withDuplicates = (uploadId: string) => sql`
  t AS (
    SELECT v.idx AS row_index, v.* FROM v
    UNION ALL
    SELECT d.row_index, v.* FROM v
    JOIN upload_rows d ON d.upload_id = ${uploadId} AND d.canon_index = v.idx AND d.canon_index <> d.row_index
  )`;

/**
 * Writes `items` in statements of at most `maxRows` verified rows (default: one statement). On the
 * embedded database every statement holds the only connection, so a run's writes are cut small
 * enough for the results pages to run between them; each statement stays whole (rows + counters).
 */
async function inChunks<T>(
  items: T[],
  opts: { maxRowsPerStatement?: number; pipelined?: boolean },
  write: (chunk: T[]) => Promise<void>,
) {
  const max = opts.maxRowsPerStatement;
  const size = max && max > 0 ? max : items.length;
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  // Pipelined: every statement is queued at once (each is whole on its own, in any order); the
  // embedded database's own thread runs them back to back, requests' statements between them.
  if (opts.pipelined) await Promise.all(chunks.map(write));
  else for (const chunk of chunks) await write(chunk);
}

export interface WriteOptions<R> {
  db: Db;
  uploadId: string;
  items: { rowIndex: number; result: R }[];
  now: Date;
  /** Verified rows per statement (their duplicates come with them); unset: all in one. */
  maxRowsPerStatement?: number;
  pipelined?: boolean;
}

export async function writeStep1(opts: WriteOptions<Step1Result>): Promise<void> {
  await inChunks(opts.items, opts, (items) => writeStep1Statement({ ...opts, items }));
}

export async function writeStep2(opts: WriteOptions<Step2Result>): Promise<void> {
  await inChunks(opts.items, opts, (items) => writeStep2Statement({ ...opts, items }));
}

async function writeStep1Statement(opts: WriteOptions<Step1Result>): Promise<void> {
  const { items, uploadId } = opts;
  if (items.length === 0) return;
  const col = <T>(f: (r: Step1Result) => T) => sql.param(items.map((i) => f(i.result)));
  const [written] = await query<WrittenStatuses>(
    opts.db,
    sql`
    WITH ${running(uploadId)}, v AS (
      SELECT * FROM unnest(
        ${sql.param(items.map((i) => i.rowIndex))}::int[], ${col((r) => r.status)}::text[],
        ${col((r) => r.reason)}::text[], ${col((r) => r.role)}::bool[], ${col((r) => r.free)}::bool[],
        ${col((r) => r.disposable)}::bool[], ${col((r) => r.suggestion)}::text[], ${col((r) => r.mxHost)}::text[]
      ) AS v(idx, status, reason, role, free, disposable, suggestion, mx_host)
      WHERE EXISTS (SELECT 1 FROM live)
    ), ${withDuplicates(uploadId)},
    ins AS (
      INSERT INTO upload_results (upload_id, row_index, status, reason, role, free, disposable, suggestion,
        mx_host, verified_at, step2_status, final_status, decided_by)
      SELECT ${uploadId}::uuid, t.row_index, t.status, t.reason, t.role, t.free, t.disposable, t.suggestion,
        t.mx_host, ${opts.now}::timestamptz, CASE WHEN t.status = 'valid' THEN 'pending' END,
        CASE WHEN t.status = 'valid' THEN 'pending' ELSE t.status END,
        CASE WHEN t.status = 'valid' THEN NULL ELSE 'initial_check' END
      FROM t
      ON CONFLICT (upload_id, row_index) DO NOTHING
      RETURNING row_index, status, final_status
    ), c AS (
      SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'valid')::int AS nv,
        count(*) FILTER (WHERE final_status = 'invalid')::int AS fi,
        count(*) FILTER (WHERE final_status = 'risky')::int AS fr,
        array_agg(row_index) AS rows, array_agg(final_status) AS statuses
      FROM ins
    )
    UPDATE uploads u SET step1_count = u.step1_count + c.n, step2_total = u.step2_total + c.nv,
      invalid = u.invalid + c.fi, risky = u.risky + c.fr, pending = u.pending - c.fi - c.fr,
      step1_finished_at = CASE WHEN u.step1_count + c.n >= u.total
        THEN COALESCE(u.step1_finished_at, ${opts.now}::timestamptz) END,
      heartbeat_at = now()
    FROM c WHERE u.id = ${uploadId}
    ${returningWritten}`,
  );
  if (written) noteWrite(uploadId, written, 'step1');
}

async function writeStep2Statement(opts: WriteOptions<Step2Result>): Promise<void> {
  const { items, uploadId } = opts;
  if (items.length === 0) return;
  const col = <T>(f: (r: Step2Result) => T) => sql.param(items.map((i) => f(i.result)));
  const [written] = await query<WrittenStatuses>(
    opts.db,
    sql`
    WITH ${running(uploadId)}, a AS (
      SELECT * FROM unnest(
        ${sql.param(items.map((i) => i.rowIndex))}::int[], ${col((r) => r.status)}::text[],
        ${col((r) => r.reason)}::text[], ${col((r) => r.smtpCode)}::int[], ${col((r) => r.smtpMessage)}::text[],
        ${col((r) => r.mxHost)}::text[], ${col((r) => r.decidedBy)}::text[], ${col((r) => r.attempts)}::int[]
      ) AS a(idx, status, reason, smtp_code, smtp_message, mx_host, decided_by, attempts)
      WHERE EXISTS (SELECT 1 FROM live)
    ), v AS (${afterBounces(uploadId)}), ${withDuplicates(uploadId)},
    upd AS (
      UPDATE upload_results x SET step2_status = t.status, step2_reason = t.reason, smtp_code = t.smtp_code,
        smtp_message = t.smtp_message, step2_mx_host = t.mx_host, step2_verified_at = ${opts.now}::timestamptz,
        final_status = t.status, decided_by = t.decided_by, step2_attempts = t.attempts
      FROM t
      WHERE x.upload_id = ${uploadId} AND x.row_index = t.row_index AND x.step2_status = 'pending'
      RETURNING x.row_index, x.final_status
    ), c AS (
      SELECT count(*)::int AS n, count(*) FILTER (WHERE final_status = 'valid')::int AS fv,
        count(*) FILTER (WHERE final_status = 'invalid')::int AS fi,
        count(*) FILTER (WHERE final_status = 'risky')::int AS fr,
        array_agg(row_index) AS rows, array_agg(final_status) AS statuses
      FROM upd
    )
    UPDATE uploads u SET step2_count = u.step2_count + c.n, valid = u.valid + c.fv, invalid = u.invalid + c.fi,
      risky = u.risky + c.fr, pending = u.pending - c.n,
      step2_started_at = COALESCE(u.step2_started_at, ${opts.now}::timestamptz), heartbeat_at = now()
    FROM c WHERE u.id = ${uploadId}
    ${returningWritten}`,
  );
  if (written) noteWrite(uploadId, written, 'step2');
}
