import { sql } from 'drizzle-orm';
import { isSuppressed } from '../../suppressions';

// What sending (the Smartlead feature) asks of the workspace's lists (uploads, upload_rows,
// upload_results): the rows that may be sent, and the latest verdicts of addresses about to go.

/** Some lists and some rows, named by id: a send's selection. */
export interface RowSelection {
  uploadIds: string[];
  rowIds: string[];
}

/** Rows of these lists or these rows; an empty side is left out, so the planner sees a plain filter. */
function amongCondition(among: RowSelection) {
  const sides = [
    ...(among.uploadIds.length ? [sql`u.id = ANY(${sql.param(among.uploadIds)}::uuid[])`] : []),
    ...(among.rowIds.length ? [sql`r.id = ANY(${sql.param(among.rowIds)}::bigint[])`] : []),
  ];
  return sides.length ? sql.join(sides, sql` OR `) : sql`false`;
}

/**
 * The sendable rows of the workspace's lists: valid ones, and risky ones whose risk is a catch-all server
 * or a role address, unsuppressed, in stored lists; with `among`, only those of these lists and rows.
 */
const sendableFrom = (p: { workspaceId: string; among?: RowSelection }) => sql`
    FROM uploads u
    JOIN upload_results x ON x.upload_id = u.id AND (
      x.final_status = 'valid' OR (x.final_status = 'risky' AND (
        coalesce(x.step2_reason, x.reason) = 'catch_all' OR x.role OR coalesce(x.step2_reason, x.reason) = 'role')))
    JOIN upload_rows r ON r.upload_id = x.upload_id AND r.row_index = x.row_index
    WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'
      AND NOT ${isSuppressed({ workspaceId: p.workspaceId, email: sql`lower(r.email)` })}
      ${p.among ? sql`AND (${amongCondition(p.among)})` : sql``}
    ORDER BY u.uploaded_at DESC, u.id, x.row_index`;

/** The columns a list's rows are read with: its headers, and those that are the email, name and company. */
const uploadColumns = sql`u.headers,
      (u.name_columns || jsonb_build_array(u.email_column) || coalesce(jsonb_build_array(u.company_column), '[]'::jsonb)) AS skip`;

/**
 * The rows of the workspace's lists that may be sent (sendableFrom), with their upload and confidence
 * inputs, newest upload first: what the send screen offers.
 */
export const sendableRows = (p: { workspaceId: string }) => sql`
    SELECT r.id, r.email, r.name, r.company, r.data, x.final_status,
      CASE WHEN x.final_status = 'risky' THEN
        CASE WHEN coalesce(x.step2_reason, x.reason) = 'catch_all' THEN 'catch_all' ELSE 'role' END
      END AS reason,
      coalesce(x.step2_reason, x.reason) AS verdict_reason, coalesce(x.step2_mx_host, x.mx_host) AS mx,
      coalesce(x.step2_verified_at, x.verified_at) AS checked_at,
      u.id AS upload_id, u.original_name AS upload_name, u.uploaded_at, ${uploadColumns}
    ${sendableFrom(p)}`;

/**
 * The sendable rows of these lists and rows, with only what a lead is built from: a send reads up to
 * 50,000 of them, so its list's headers come once per list (sendable.ts), not once per row.
 */
export const sendableLeadRows = (p: { workspaceId: string; among: RowSelection }) => sql`
    SELECT r.email, r.name, r.company, r.data, x.final_status, u.id AS upload_id
    ${sendableFrom(p)}`;

/** Of these list and row ids, those that are the workspace's (stored lists only). */
export const ownedOfSelection = (p: { workspaceId: string; among: RowSelection }) => sql`
    SELECT 'upload' AS kind, u.id::text AS id FROM uploads u
    WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'
      AND u.id = ANY(${sql.param(p.among.uploadIds)}::uuid[])
    UNION ALL
    SELECT 'row' AS kind, r.id::text AS id FROM upload_rows r
    JOIN uploads u ON u.id = r.upload_id
    WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'
      AND r.id = ANY(${sql.param(p.among.rowIds)}::bigint[])`;

/** Every address of the workspace's stored lists, lower-cased: a sub-select for another feature's statement. */
export const addressesOfLists = (p: { workspaceId: string }) => sql`
    SELECT lower(r.email) FROM uploads u
    JOIN upload_rows r ON r.upload_id = u.id
    WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'`;

/**
 * Each address's latest verdict in the workspace's lists (valid, risky or invalid), with its reason and
 * MX host: what the bounce budget projects from.
 */
export const latestVerdicts = (p: { workspaceId: string; emails: string[] }) =>
  sql`SELECT DISTINCT ON (lower(r.email)) lower(r.email) AS email, x.final_status,
        coalesce(x.step2_reason, x.reason) AS reason, coalesce(x.step2_mx_host, x.mx_host) AS mx
      FROM uploads u
      JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ANY(${sql.param(p.emails)}::text[])
      JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
      WHERE u.workspace_id = ${p.workspaceId} AND x.final_status IN ('valid', 'risky', 'invalid')
      ORDER BY lower(r.email), coalesce(x.step2_verified_at, x.verified_at) DESC`;

/** Of these addresses, those whose latest verdict in the workspace's lists is older than `before`. */
export const verifiedBefore = (p: { workspaceId: string; emails: string[]; before: Date }) =>
  sql`SELECT lower(r.email) AS email
      FROM uploads u
      JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ANY(${sql.param(p.emails)}::text[])
      JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
      WHERE u.workspace_id = ${p.workspaceId} AND x.final_status IN ('valid', 'risky', 'invalid')
      GROUP BY lower(r.email)
      HAVING max(coalesce(x.step2_verified_at, x.verified_at)) < ${p.before}::timestamptz`;
