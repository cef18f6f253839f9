import { sql } from 'drizzle-orm';
import { bouncedAddresses } from '../../outcomes';

// How each step's verdicts are written (upload_results, and the upload's counters in uploads). Each
// write is ONE statement: the results (for the verified row and every duplicate of its address) and
// the counters change together, so total = valid + invalid + risky + pending holds at every moment,
// and a batch written twice (after a crash) counts once: step 1 inserts with ON CONFLICT DO NOTHING,
// step 2 only updates rows still pending. Each column comes as one array, one entry per verified row.

/** What a write changed, for the search+filter copy of row statuses (status-cache.ts). */
const returningWritten = sql`RETURNING u.run_id AS "runId", u.step1_count AS "step1Count",
  u.step2_count AS "step2Count", c.n, c.rows, c.statuses`;

/**
 * The upload, locked, while its run is going: a write whose upload was stopped (or deleted) meanwhile
 * writes nothing, so a stopped run's counts and export never move afterwards. The lock is the one the
 * counters' UPDATE takes anyway, taken first: a stop waits for a write under way, or the write sees it.
 */
const running = (uploadId: string) => sql`
  live AS (SELECT id, run_id FROM uploads WHERE id = ${uploadId} AND status = 'processing' FOR UPDATE)`;

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
  LEFT JOIN ${bouncedAddresses(sql`(SELECT workspace_id FROM uploads WHERE id = ${uploadId})`)} o
    ON o.email = lower(br.email)`;

/** Rows that share the verified row's address get the same verdict. */
const withDuplicates = (uploadId: string) => sql`
  t AS (
    SELECT v.idx AS row_index, v.* FROM v
    UNION ALL
    SELECT d.row_index, v.* FROM v
    JOIN upload_rows d ON d.upload_id = ${uploadId} AND d.canon_index = v.idx AND d.canon_index <> d.row_index
  )`;

/** Step 1's verdicts of these rows (and their duplicates), unless the upload stopped running. */
export const writeStep1Verdicts = (p: {
  uploadId: string;
  now: Date;
  rows: number[];
  status: string[];
  reason: (string | null)[];
  role: boolean[];
  free: boolean[];
  disposable: boolean[];
  suggestion: (string | null)[];
  mxHost: (string | null)[];
}) =>
  sql`
    WITH ${running(p.uploadId)}, v AS (
      SELECT * FROM unnest(
        ${sql.param(p.rows)}::int[], ${sql.param(p.status)}::text[],
        ${sql.param(p.reason)}::text[], ${sql.param(p.role)}::bool[], ${sql.param(p.free)}::bool[],
        ${sql.param(p.disposable)}::bool[], ${sql.param(p.suggestion)}::text[], ${sql.param(p.mxHost)}::text[]
      ) AS v(idx, status, reason, role, free, disposable, suggestion, mx_host)
      WHERE EXISTS (SELECT 1 FROM live)
    ), ${withDuplicates(p.uploadId)},
    ins AS (
      INSERT INTO upload_results (upload_id, row_index, status, reason, role, free, disposable, suggestion,
        mx_host, verified_at, step2_status, final_status, decided_by, judged_run)
      SELECT ${p.uploadId}::uuid, t.row_index, t.status, t.reason, t.role, t.free, t.disposable, t.suggestion,
        t.mx_host, ${p.now}::timestamptz, CASE WHEN t.status = 'valid' THEN 'pending' END,
        CASE WHEN t.status = 'valid' THEN 'pending' ELSE t.status END,
        CASE WHEN t.status = 'valid' THEN NULL ELSE 'initial_check' END, (SELECT run_id FROM live)
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
        THEN COALESCE(u.step1_finished_at, ${p.now}::timestamptz) END,
      heartbeat_at = now()
    FROM c WHERE u.id = ${p.uploadId}
    ${returningWritten}`;

/** Step 2's verdicts of these rows (and their duplicates), the workspace's bounces applied, unless the upload stopped running. */
export const writeStep2Verdicts = (p: {
  uploadId: string;
  now: Date;
  rows: number[];
  status: string[];
  reason: (string | null)[];
  smtpCode: (number | null)[];
  smtpMessage: (string | null)[];
  mxHost: (string | null)[];
  decidedBy: (string | null)[];
  attempts: (number | null)[];
}) =>
  sql`
    WITH ${running(p.uploadId)}, a AS (
      SELECT * FROM unnest(
        ${sql.param(p.rows)}::int[], ${sql.param(p.status)}::text[],
        ${sql.param(p.reason)}::text[], ${sql.param(p.smtpCode)}::int[], ${sql.param(p.smtpMessage)}::text[],
        ${sql.param(p.mxHost)}::text[], ${sql.param(p.decidedBy)}::text[], ${sql.param(p.attempts)}::int[]
      ) AS a(idx, status, reason, smtp_code, smtp_message, mx_host, decided_by, attempts)
      WHERE EXISTS (SELECT 1 FROM live)
    ), v AS (${afterBounces(p.uploadId)}), ${withDuplicates(p.uploadId)},
    upd AS (
      UPDATE upload_results x SET step2_status = t.status, step2_reason = t.reason, smtp_code = t.smtp_code,
        smtp_message = t.smtp_message, step2_mx_host = t.mx_host, step2_verified_at = ${p.now}::timestamptz,
        final_status = t.status, decided_by = t.decided_by, step2_attempts = t.attempts,
        judged_run = (SELECT run_id FROM live)
      FROM t
      WHERE x.upload_id = ${p.uploadId} AND x.row_index = t.row_index AND x.step2_status = 'pending'
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
      step2_started_at = COALESCE(u.step2_started_at, ${p.now}::timestamptz), heartbeat_at = now()
    FROM c WHERE u.id = ${p.uploadId}
    ${returningWritten}`;
