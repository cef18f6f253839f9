import { sql } from 'drizzle-orm';

// What fair credits (decision 0890) ask of a list's results: how a run's rows ended, the workspace's
// recent definite answers a new run reuses for free, and giving those back for "verify again now".

/** The reason a row ended with: step 2's when step 2 judged it, else step 1's. */
const finalReason = sql`CASE WHEN x.step2_status IS NOT NULL AND x.step2_status <> 'pending'
  THEN x.step2_reason ELSE x.reason END`;

/**
 * How the rows this run judged ended, by what they cost: a duplicate shares its first row's answer, a
 * reused row was answered from an earlier result, a malformed row needed no check, a definite answer
 * (a reason in `charged`) costs a credit, anything else is our doubt.
 */
export const runTally = (p: { uploadId: string; runId: number; charged: string[] }) => sql`
  WITH e AS (
    SELECT r.canon_index <> r.row_index AS dup, x.reused_at IS NOT NULL AS reused, ${finalReason} AS reason,
      x.final_status
    FROM upload_results x
    JOIN upload_rows r ON r.upload_id = x.upload_id AND r.row_index = x.row_index
    WHERE x.upload_id = ${p.uploadId} AND x.judged_run = ${p.runId} AND x.final_status <> 'pending'
  )
  SELECT count(*) FILTER (WHERE dup)::int AS duplicate,
    count(*) FILTER (WHERE NOT dup AND reused)::int AS reused,
    count(*) FILTER (WHERE NOT dup AND NOT reused AND reason = 'syntax')::int AS syntax,
    count(*) FILTER (WHERE NOT dup AND NOT reused AND (reason = ANY(${sql.param(p.charged)}::text[])
      OR (reason IS NULL AND final_status IN ('valid', 'invalid'))))::int AS charged,
    count(*) FILTER (WHERE NOT dup AND NOT reused AND reason IS NOT NULL AND reason <> 'syntax'
      AND NOT (reason = ANY(${sql.param(p.charged)}::text[])))::int AS unknown
  FROM e`;

/**
 * Answers the rows of a run that has just started from the workspace's own definite answers of the last
 * `days` days (another list's row with the same address, judged by a check rather than reused itself),
 * for free: the rows are written as judged by this run, marked with the earlier answer's date, and the
 * upload's counters move as a step write moves them. Rows already judged are left alone.
 */
export const reuseRecentAnswers = (p: {
  uploadId: string;
  workspaceId: string;
  days: number;
  now: Date;
  charged: string[];
}) => sql`
  WITH live AS (
    SELECT id, run_id FROM uploads WHERE id = ${p.uploadId} AND status = 'processing' FOR UPDATE
  ), mine AS (
    SELECT r.row_index, lower(r.email) AS email FROM upload_rows r
    WHERE r.upload_id = ${p.uploadId} AND EXISTS (SELECT 1 FROM live)
      AND NOT EXISTS (SELECT 1 FROM upload_results y WHERE y.upload_id = r.upload_id AND y.row_index = r.row_index)
  ), prior AS (
    SELECT DISTINCT ON (lower(o.email)) lower(o.email) AS email, x.status, x.reason, x.role, x.free,
      x.disposable, x.suggestion, x.mx_host, x.step2_status, x.step2_reason, x.smtp_code, x.smtp_message,
      x.step2_mx_host, x.final_status, x.decided_by,
      COALESCE(x.step2_verified_at, x.verified_at) AS at
    FROM uploads u
    JOIN upload_results x ON x.upload_id = u.id
    JOIN upload_rows o ON o.upload_id = x.upload_id AND o.row_index = x.row_index
    WHERE u.workspace_id = ${p.workspaceId} AND u.id <> ${p.uploadId}
      AND x.final_status <> 'pending' AND x.reused_at IS NULL
      AND COALESCE(x.step2_verified_at, x.verified_at) >= ${p.now}::timestamptz - make_interval(days => ${p.days})
      AND lower(o.email) IN (SELECT email FROM mine)
      AND ${finalReason} = ANY(${sql.param(p.charged)}::text[])
    ORDER BY lower(o.email), COALESCE(x.step2_verified_at, x.verified_at) DESC
  ), ins AS (
    INSERT INTO upload_results (upload_id, row_index, status, reason, role, free, disposable, suggestion,
      mx_host, verified_at, step2_status, step2_reason, smtp_code, smtp_message, step2_mx_host,
      step2_verified_at, final_status, decided_by, step2_attempts, judged_run, reused_at)
    SELECT ${p.uploadId}::uuid, m.row_index, q.status, q.reason, q.role, q.free, q.disposable, q.suggestion,
      q.mx_host, ${p.now}::timestamptz, q.step2_status, q.step2_reason, q.smtp_code, q.smtp_message,
      q.step2_mx_host, CASE WHEN q.step2_status IS NOT NULL THEN ${p.now}::timestamptz END, q.final_status,
      -- A mail server's answer taken from a recent check: decided by that check, no server asked now.
      CASE WHEN q.step2_status IS NOT NULL THEN 'cache' ELSE q.decided_by END,
      CASE WHEN q.step2_status IS NOT NULL THEN 0 END, (SELECT run_id FROM live), q.at
    FROM mine m JOIN prior q ON q.email = m.email
    ON CONFLICT (upload_id, row_index) DO NOTHING
    RETURNING status, step2_status, final_status
  ), c AS (
    SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'valid')::int AS s2,
      count(*) FILTER (WHERE final_status = 'valid')::int AS fv,
      count(*) FILTER (WHERE final_status = 'invalid')::int AS fi,
      count(*) FILTER (WHERE final_status = 'risky')::int AS fr
    FROM ins
  )
  UPDATE uploads u SET step1_count = u.step1_count + c.n, step2_total = u.step2_total + c.s2,
    step2_count = u.step2_count + c.s2, valid = u.valid + c.fv, invalid = u.invalid + c.fi,
    risky = u.risky + c.fr, pending = u.pending - c.n,
    step1_finished_at = CASE WHEN u.step1_count + c.n >= u.total THEN COALESCE(u.step1_finished_at, ${p.now}::timestamptz) END
  FROM c WHERE u.id = ${p.uploadId} AND c.n > 0
  RETURNING c.n`;

/**
 * "Verify again now": the rows of a finished list that were answered from an earlier result go back
 * to unverified (and the upload's counters with them), so the next run checks them afresh and charges.
 */
export const forgetReusedAnswers = (p: { uploadId: string; workspaceId: string }) => sql`
  WITH live AS (
    SELECT id FROM uploads WHERE id = ${p.uploadId} AND workspace_id = ${p.workspaceId}
      AND status IN ('completed', 'failed', 'cancelled') FOR UPDATE
  ), del AS (
    DELETE FROM upload_results x USING live
    WHERE x.upload_id = live.id AND x.reused_at IS NOT NULL
    RETURNING x.status, x.step2_status, x.final_status
  ), c AS (
    SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'valid')::int AS s2,
      count(*) FILTER (WHERE final_status = 'valid')::int AS fv,
      count(*) FILTER (WHERE final_status = 'invalid')::int AS fi,
      count(*) FILTER (WHERE final_status = 'risky')::int AS fr
    FROM del
  )
  UPDATE uploads u SET step1_count = u.step1_count - c.n, step2_total = u.step2_total - c.s2,
    step2_count = u.step2_count - c.s2, valid = u.valid - c.fv, invalid = u.invalid - c.fi,
    risky = u.risky - c.fr, pending = u.pending + c.n, step1_finished_at = NULL
  FROM c WHERE u.id = ${p.uploadId} AND c.n > 0
  RETURNING c.n`;

/**
 * Which of `emails` (lower case) a list of the workspace other than `uploadId` answered definitely in
 * the last `days` days: a run would answer them for free (reuseRecentAnswers).
 */
export const recentlyAnswered = (p: {
  emails: string[];
  uploadId: string | null;
  workspaceId: string;
  days: number;
  now: Date;
  charged: string[];
}) => sql`
  SELECT DISTINCT lower(o.email) AS email
  FROM uploads u
  JOIN upload_results x ON x.upload_id = u.id
  JOIN upload_rows o ON o.upload_id = x.upload_id AND o.row_index = x.row_index
  WHERE u.workspace_id = ${p.workspaceId} AND u.id IS DISTINCT FROM ${p.uploadId}::uuid
    AND x.final_status <> 'pending' AND x.reused_at IS NULL
    AND COALESCE(x.step2_verified_at, x.verified_at) >= ${p.now}::timestamptz - make_interval(days => ${p.days})
    AND lower(o.email) = ANY(${sql.param(p.emails)}::text[])
    AND ${finalReason} = ANY(${sql.param(p.charged)}::text[])`;
