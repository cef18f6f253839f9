import { sql } from 'drizzle-orm';

// What lists ask of the database about what sending taught (decision 0220): bounces that turn rows
// invalid across the workspace's lists, and the verdicts the score is calibrated on.

/** Turns the workspace's rows of the address invalid/bounced (risky ones, and valid ones answered before the bounce), their uploads' counters with them; answers each upload changed and how many rows. */
export const bounceRows = (p: { email: string; workspaceId: string; bouncedAt: Date }) =>
  sql`
    WITH hit AS (
      SELECT x.upload_id, x.row_index, x.final_status AS old
      FROM uploads u
      JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ${p.email}
      JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
      WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'
        AND x.status = 'valid' AND (x.step2_status = 'risky'
          OR (x.step2_status = 'valid' AND x.step2_verified_at <= ${p.bouncedAt}::timestamptz))
    ), upd AS (
      UPDATE upload_results x SET step2_status = 'invalid', step2_reason = 'bounced', final_status = 'invalid',
        decided_by = 'send_outcome'
      FROM hit
      WHERE x.upload_id = hit.upload_id AND x.row_index = hit.row_index AND x.step2_status IN ('valid', 'risky')
      RETURNING x.upload_id, hit.old
    ), c AS (
      SELECT upload_id, count(*)::int AS n, count(*) FILTER (WHERE old = 'valid')::int AS nv,
        count(*) FILTER (WHERE old = 'risky')::int AS nr
      FROM upd GROUP BY upload_id
    )
    UPDATE uploads u SET valid = u.valid - c.nv, risky = u.risky - c.nr, invalid = u.invalid + c.n
    FROM c WHERE u.id = c.upload_id
    RETURNING u.id, c.n`;

/** The workspace's most recent verdict of the address: its reason and mail server. */
export const latestVerdictOf = (p: { email: string; workspaceId: string }) =>
  sql`
    SELECT coalesce(x.step2_reason, x.reason) AS reason, coalesce(x.step2_mx_host, x.mx_host) AS mx_host
    FROM uploads u
    JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ${p.email}
    JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
    WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading' AND x.final_status <> 'pending'
    ORDER BY coalesce(x.step2_verified_at, x.verified_at) DESC
    LIMIT 1`;

/**
 * The workspace's list rows at one domain (the finder's evidence of the domain's pattern): the
 * address, the name beside it, and the row's verdict. Uses each upload's domain index.
 */
export const rowsAtDomain = (p: { workspaceId: string; domain: string; limit: number }) => sql`
  SELECT lower(r.email) AS email, r.name, res.final_status AS status,
         coalesce(res.step2_reason, res.reason) AS reason
  FROM uploads u
  JOIN upload_rows r ON r.upload_id = u.id
  LEFT JOIN upload_results res ON res.upload_id = r.upload_id AND res.row_index = r.row_index
  WHERE u.workspace_id = ${p.workspaceId} AND split_part(lower(r.email), '@', 2) = ${p.domain}
  LIMIT ${p.limit}`;
