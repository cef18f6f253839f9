import { and, desc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { isSuppressed } from '../../suppressions';
import { uploadResults, uploadRows } from '../schema';

// What lists ask of the database about rows and their verdicts (upload_rows, upload_results):
// storing the rows, and reading them and their verdicts back for pages, search, filters, exports and
// sending. Each step's write of its verdicts is in result-writes.ts.

/** Refreshes the planner's statistics of upload_results (the embedded database has no autovacuum). */
export const analyzeResults = () => sql`ANALYZE upload_results`;

/** How many of the upload's rows each reason decided (pending rows: 'pending'), most first. */
export function reasonCounts(db: Db, p: { uploadId: string }) {
  const x = uploadResults;
  const reason = sql<
    string | null
  >`COALESCE(${x.step2Reason}, ${x.reason}, CASE WHEN ${x.finalStatus} = 'pending' THEN 'pending' END)`;
  const n = sql<number>`count(*)::int`;
  return db.select({ reason, n }).from(x).where(eq(x.uploadId, p.uploadId)).groupBy(reason).orderBy(desc(n));
}

/** The row numbers of each final status (pending left out) in one range of the upload's rows. */
export function finalStatusesBetween(db: Db, p: { uploadId: string; lo: number; hi: number }) {
  const x = uploadResults;
  return db
    .select({ finalStatus: x.finalStatus, rows: sql<number[]>`array_agg(${x.rowIndex})` })
    .from(x)
    .where(
      and(
        eq(x.uploadId, p.uploadId),
        gte(x.rowIndex, p.lo),
        lt(x.rowIndex, p.hi),
        ne(x.finalStatus, 'pending'),
      ),
    )
    .groupBy(x.finalStatus);
}

/** A batch's rows with no verdict yet (duplicates left out: they take their first's), in order. */
export const rowsToCheck = (p: { uploadId: string; lo: number; hi: number }) =>
  sql`
    SELECT r.row_index, r.email FROM upload_rows r
    WHERE r.upload_id = ${p.uploadId} AND r.row_index BETWEEN ${p.lo} AND ${p.hi}
      AND r.canon_index = r.row_index
      AND NOT EXISTS (SELECT 1 FROM upload_results x WHERE x.upload_id = ${p.uploadId} AND x.row_index = r.row_index)
    ORDER BY r.row_index`;

/** A batch's rows waiting for step 2 (duplicates left out). */
export const rowsPendingStep2 = (p: { uploadId: string; lo: number; hi: number }) =>
  sql`
    SELECT x.row_index, r.email FROM upload_results x
    JOIN upload_rows r ON r.upload_id = ${p.uploadId} AND r.row_index = x.row_index
    WHERE x.upload_id = ${p.uploadId} AND x.step2_status = 'pending'
      AND x.row_index BETWEEN ${p.lo} AND ${p.hi} AND r.canon_index = r.row_index
      -- The range on both sides: without it the planner misjudged the join and read every row of
      -- the upload (a 250k-row sequential scan, ~115 ms per batch on the embedded database).
      AND r.row_index BETWEEN ${p.lo} AND ${p.hi}`;

/** Stores rows of an upload, column by column (one statement, any number of rows). */
export const insertUploadRows = (p: {
  uploadId: string;
  indexes: number[];
  canons: number[];
  emails: string[];
  names: (string | null)[];
  companies: (string | null)[];
  data: string[];
}) =>
  sql`
    INSERT INTO upload_rows (upload_id, row_index, canon_index, email, name, company, data)
    SELECT ${p.uploadId}::uuid, i, c, e, n, co, d::jsonb
    FROM unnest(
      ${sql.param(p.indexes)}::int[],
      ${sql.param(p.canons)}::int[],
      ${sql.param(p.emails)}::text[],
      ${sql.param(p.names)}::text[],
      ${sql.param(p.companies)}::text[],
      ${sql.param(p.data)}::text[]
    ) AS t(i, c, e, n, co, d)`;

/** Refreshes the planner's statistics of upload_rows (the embedded database has no autovacuum). */
export const analyzeRows = () => sql`ANALYZE upload_rows`;

/** Every row in (`after`, `to`] with its verdict if it has one (the export of all rows reads by range). */
export const allRowsBetween = (p: { uploadId: string; after: number; to: number }) =>
  sql`SELECT r.row_index, r.data, x.status, x.final_status, x.reason, x.step2_reason, x.role, x.free,
                x.disposable, x.suggestion, x.mx_host, x.step2_mx_host, x.smtp_code, x.smtp_message,
                x.verified_at, x.step2_verified_at, x.decided_by, x.step2_attempts
              FROM upload_rows r
              LEFT JOIN upload_results x ON x.upload_id = ${p.uploadId} AND x.row_index = r.row_index
              WHERE r.upload_id = ${p.uploadId} AND r.row_index > ${p.after} AND r.row_index <= ${p.to}
              ORDER BY r.row_index`;

/** Up to `limit` rows of one final status after row `after`, with their verdicts. */
export const rowsOfStatusAfter = (p: { uploadId: string; status: string; after: number; limit: number }) =>
  sql`SELECT r.row_index, r.data, x.status, x.final_status, x.reason, x.step2_reason, x.role, x.free,
                x.disposable, x.suggestion, x.mx_host, x.step2_mx_host, x.smtp_code, x.smtp_message,
                x.verified_at, x.step2_verified_at, x.decided_by, x.step2_attempts
              FROM upload_results x
              JOIN upload_rows r ON r.upload_id = ${p.uploadId} AND r.row_index = x.row_index
              WHERE x.upload_id = ${p.uploadId} AND x.final_status = ${p.status} AND x.row_index > ${p.after}
              ORDER BY x.row_index LIMIT ${p.limit}`;

/** A row's columns and its verdict's, as a results page shows them (ResultDbRow in results.ts). */
const RESULT_COLUMNS =
  sql.raw(`r.id, r.row_index, r.email, r.name, r.company, x.status, x.reason, x.role, x.free,
  x.disposable, x.suggestion, x.mx_host, x.verified_at, x.step2_status, x.step2_reason, x.smtp_code,
  x.smtp_message, x.step2_mx_host, x.step2_verified_at, x.final_status, x.decided_by, x.step2_attempts,
  x.reused_at`);

/** The upload's counters (only if it is the workspace's and fully stored) next to the rows `rowsWhere` picks (a condition on `r`, its rows), with their verdicts and whether each address is suppressed. */
export const resultsPageWithCounters = (p: { workspaceId: string; uploadId: string; rowsWhere: SQL }) =>
  sql`SELECT u.total AS u_total, u.valid AS u_valid, u.invalid AS u_invalid, u.risky AS u_risky,
        u.pending AS u_pending, u.status AS u_status, p.*
      FROM uploads u
      LEFT JOIN LATERAL (
        SELECT ${RESULT_COLUMNS},
          ${isSuppressed({ workspaceId: p.workspaceId, email: sql`lower(r.email)` })} AS suppressed
        FROM upload_rows r
        LEFT JOIN upload_results x ON x.upload_id = ${p.uploadId} AND x.row_index = r.row_index
        WHERE r.upload_id = ${p.uploadId} AND ${p.rowsWhere}
      ) p ON true
      WHERE u.id = ${p.uploadId} AND u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'
      ORDER BY p.row_index`;

/** Rows numbered in [`from`, `to`): a condition on `r`. */
export const rowsInRange = (p: { from: number; to: number }) =>
  sql`r.row_index >= ${p.from} AND r.row_index < ${p.to}`;

/** A page of rows without a verdict yet (pending or never checked): a condition on `r`. */
export const unverifiedRowsPage = (p: { uploadId: string; limit: number; offset: number }) =>
  sql`r.row_index IN (
            SELECT w.row_index FROM upload_rows w
            WHERE w.upload_id = ${p.uploadId} AND NOT EXISTS (
              SELECT 1 FROM upload_results k
              WHERE k.upload_id = ${p.uploadId} AND k.row_index = w.row_index AND k.final_status <> 'pending')
            ORDER BY w.row_index LIMIT ${p.limit} OFFSET ${p.offset})`;

/** A page of rows of one final status: a condition on `r`. */
export const statusRowsPage = (p: { uploadId: string; status: string; limit: number; offset: number }) =>
  sql`r.row_index IN (
            SELECT k.row_index FROM upload_results k
            WHERE k.upload_id = ${p.uploadId} AND k.final_status = ${p.status}
            ORDER BY k.row_index LIMIT ${p.limit} OFFSET ${p.offset})`;

/** Rows with these numbers: a condition on `r`. */
export const rowsAmong = (ids: ArrayLike<number>) =>
  sql`r.row_index = ANY(${sql.param(Array.from(ids))}::int[])`;

/** No row. */
export const FALSE_CONDITION = sql`false`;

/** Up to `limit` final rows of these statuses after row `after`, with what their score is computed from. */
export const finalRowsAfter = (p: { uploadId: string; after: number; statuses: string[]; limit: number }) =>
  sql`SELECT x.row_index, r.email, x.final_status, COALESCE(x.step2_reason, x.reason) AS reason,
          COALESCE(x.step2_mx_host, x.mx_host) AS mx
        FROM upload_results x
        JOIN upload_rows r ON r.upload_id = ${p.uploadId} AND r.row_index = x.row_index
        WHERE x.upload_id = ${p.uploadId} AND x.row_index > ${p.after}
          AND x.final_status = ANY(${sql.param(p.statuses)}::text[])
        ORDER BY x.row_index LIMIT ${p.limit}`;

/** The searchable text (address, name, company) of one range of the upload's rows, as one string: fields joined by `fieldSep`, rows by `rowEnd`, `separators` inside a cell turned into spaces. */
export async function searchTextBetween(
  db: Db,
  p: { separators: string; fieldSep: string; rowEnd: string; uploadId: string; lo: number; hi: number },
) {
  const r = uploadRows;
  const cell = (c: SQL | typeof r.email) => sql`translate(${c}, ${p.separators}, '  ')`;
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      t: sql<string | null>`string_agg(
          ${cell(r.email)} || ${p.fieldSep} || ${cell(sql`coalesce(${r.name}, '')`)}
            || ${p.fieldSep} || ${cell(sql`coalesce(${r.company}, '')`)},
          ${p.rowEnd} ORDER BY ${r.rowIndex})`,
    })
    .from(r)
    .where(and(eq(r.uploadId, p.uploadId), gte(r.rowIndex, p.lo), lt(r.rowIndex, p.hi)));
  return row;
}
