import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  RESULTS_PAGE_SIZE,
  type ResultFilter,
  type ResultRow,
  type ResultsResponse,
  type RowStatus,
} from '../../../shared/lists';
import { providerOf } from '../../../shared/mail-providers';
import { DECIDED_BY, type DecidedBy } from '../../../shared/verification';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { notFound } from '../../platform/http/errors';
import {
  FALSE_CONDITION,
  resultsPageWithCounters,
  rowsAmong,
  rowsInRange,
  statusRowsPage,
  unverifiedRowsPage,
} from './queries/results';
import { scoresOf } from './score';
import { rowsScoringAtLeast } from './score-filter';
import { hasSearchIndex, searchRows } from './search-index';
import { findOwnUpload, isUploadId } from './start';
import { rowStatuses } from './status-cache';

// GET /api/upload/{id}/results. Every page is one statement that also checks ownership and reads the
// upload's counters (on the embedded database each statement waits for the single connection, so round
// trips are what a request costs under load). Totals come from the counters; search matches come from
// the in-memory index (search-index.ts) and the page's rows are then fetched by row index.

const text = z.string().nullable();
const flag = z.boolean().nullable();
const stamp = z.union([z.date(), z.string()]).nullable();
/**
 * A row of a results page: the upload's counters (u_*) beside one of its rows with its verdicts. A page
 * past the end has one row of counters whose other columns are all null.
 */
const pageDbRow = z.object({
  id: dbInt.nullable(),
  row_index: dbInt.nullable(),
  email: text,
  name: text,
  company: text,
  status: text,
  reason: text,
  role: flag,
  free: flag,
  disposable: flag,
  suggestion: text,
  mx_host: text,
  verified_at: stamp,
  step2_status: text,
  step2_reason: text,
  smtp_code: dbInt.nullable(),
  smtp_message: text,
  step2_mx_host: text,
  step2_verified_at: stamp,
  final_status: text,
  decided_by: text,
  step2_attempts: dbInt.nullable(),
  reused_at: stamp,
  suppressed: flag,
  u_total: dbInt,
  u_valid: dbInt,
  u_invalid: dbInt,
  u_risky: dbInt,
  u_pending: dbInt,
  u_status: z.string(),
});
type PageDbRow = z.output<typeof pageDbRow>;
/** A page's row that is a row of the upload (not the counters-only row). */
type ResultDbRow = PageDbRow & { id: number; row_index: number; email: string };
const isResultRow = (r: PageDbRow): r is ResultDbRow =>
  r.row_index !== null && r.id !== null && r.email !== null;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const decidedByOf = (v: string | null): DecidedBy | null =>
  DECIDED_BY.includes(v as DecidedBy) ? (v as DecidedBy) : null;

/** `stopped`: the upload's run was cancelled, so what is still pending will not be checked (for now). */
function toResultRow(r: ResultDbRow, stopped: boolean): ResultRow {
  const waiting = (s: string | null): RowStatus =>
    s === null || s === 'pending' ? 'pending' : (s as RowStatus);
  const status = waiting(r.status);
  const step2 = status === 'valid' ? waiting(r.step2_status) : null;
  const finalStatus = waiting(r.final_status);
  const quality = (s: RowStatus) => (s === 'valid' ? 'good' : s === 'invalid' ? 'bad' : 'risky');
  const isFinal = status !== 'pending' && (status !== 'valid' || step2 !== 'pending');
  const shown = (s: RowStatus): RowStatus => (stopped && s === 'pending' ? 'not_checked' : s);
  return {
    id: r.id,
    emailId: r.id,
    rowIndex: r.row_index,
    email: { email: r.email, name: r.name, company: r.company },
    status: shown(status),
    verifiedAt: iso(r.verified_at),
    fourthVerificationStatus: step2 && shown(step2),
    fourthVerificationDetails:
      step2 && step2 !== 'pending'
        ? {
            quality: quality(step2),
            reason: r.step2_reason,
            smtpCode: r.smtp_code,
            smtpMessage: r.smtp_message,
            mxHost: r.step2_mx_host ?? r.mx_host,
          }
        : null,
    fourthVerifiedAt: iso(r.step2_verified_at),
    finalStatus: shown(finalStatus),
    isFinal,
    reason: step2 && step2 !== 'pending' ? r.step2_reason : r.reason,
    role: Boolean(r.role),
    free: Boolean(r.free),
    disposable: Boolean(r.disposable),
    suggestion: r.suggestion,
    provider: providerOf(r.step2_mx_host ?? r.mx_host, r.email.split('@').pop()),
    suppressed: Boolean(r.suppressed),
    score: null,
    decidedBy: isFinal ? decidedByOf(r.decided_by) : null,
    attempts: r.step2_attempts,
    reusedAt: iso(r.reused_at ?? null),
  };
}

/**
 * The upload's counters (only if it is the workspace's and fully stored) next to a page of rows chosen by
 * `rowsWhere` (a condition on `r`, the upload's rows), in one statement. No row: not found. A page past
 * the end gives one row of counters with no result columns.
 */
async function pageWithCounters(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  rowsWhere: SQL;
}): Promise<{ counters: PageDbRow; rows: ResultDbRow[] }> {
  const { uploadId } = opts;
  const rows = await queryRows(
    opts.db,
    pageDbRow,
    resultsPageWithCounters({ workspaceId: opts.workspaceId, uploadId, rowsWhere: opts.rowsWhere }),
  );
  if (rows.length === 0) throw notFound('Upload not found');
  return { counters: rows[0], rows: rows.filter(isResultRow) };
}

/**
 * A page of results. Filters read the final status; search finds the text anywhere in the address,
 * the name or the company, case-insensitively, and its total is exact.
 */
export async function getResultsPage(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  page: number;
  filter: ResultFilter;
  search: string;
  /** Only rows scoring at least this (0–100); unset: any. */
  minScore?: number;
}): Promise<ResultsResponse> {
  const { db, uploadId, filter } = opts;
  if (!isUploadId(uploadId)) throw notFound('Upload not found');
  const limit = RESULTS_PAGE_SIZE;
  const offset = (opts.page - 1) * limit;
  let rows: ResultDbRow[];
  let total: number;
  let stopped: boolean;
  if (opts.minScore !== undefined) {
    await findOwnUpload(opts);
    let matches = await rowsScoringAtLeast({ ...opts, minScore: opts.minScore });
    if (opts.search) {
      const found = new Set(await searchRows({ db, uploadId, search: opts.search }));
      matches = matches.filter((i) => found.has(i));
    }
    total = matches.length;
    const ids = matches.subarray(offset, offset + limit);
    const page = await pageWithCounters({
      db,
      workspaceId: opts.workspaceId,
      uploadId,
      rowsWhere: ids.length ? rowsAmong(ids) : FALSE_CONDITION,
    });
    rows = page.rows;
    stopped = page.counters.u_status === 'cancelled';
  } else if (!opts.search) {
    // Without search: rows are numbered 0..total-1 without gaps, so an unfiltered page is an index
    // range, not an OFFSET scan; a filtered page walks (upload_id, final_status, row_index). Rows
    // without a verdict may have no result row yet (step 1 inserts it), hence the anti-join.
    const rowsWhere =
      filter === 'all'
        ? rowsInRange({ from: offset, to: offset + limit })
        : filter === 'not_checked'
          ? unverifiedRowsPage({ uploadId, limit, offset })
          : statusRowsPage({ uploadId, status: filter, limit, offset });
    const page = await pageWithCounters({ db, workspaceId: opts.workspaceId, uploadId, rowsWhere });
    rows = page.rows;
    const c = page.counters;
    stopped = c.u_status === 'cancelled';
    total = filter === 'all' ? c.u_total : filter === 'not_checked' ? c.u_pending : c[`u_${filter}` as const];
  } else {
    // The index is built only for an upload the workspace owns (and that is fully stored).
    if (!hasSearchIndex(uploadId)) await findOwnUpload(opts);
    let matches = await searchRows({ db, uploadId, search: opts.search });
    if (filter !== 'all') {
      const statuses = await rowStatuses({ db, workspaceId: opts.workspaceId, uploadId });
      const code = STATUS_CODE[filter];
      matches = matches.filter((i) => statuses[i] === code);
    }
    total = matches.length;
    const ids = matches.subarray(offset, offset + limit);
    const page = await pageWithCounters({
      db,
      workspaceId: opts.workspaceId,
      uploadId,
      rowsWhere: ids.length ? rowsAmong(ids) : FALSE_CONDITION,
    });
    rows = page.rows;
    stopped = page.counters.u_status === 'cancelled';
  }
  const results = rows.map((r) => toResultRow(r, stopped));
  return response(opts.page, await withScores(db, opts.workspaceId, results), total);
}

const STATUS_CODE = { not_checked: 0, valid: 1, invalid: 2, risky: 3 } as const;

/** Each row's confidence score (lists/score.ts). */
async function withScores(db: Db, workspaceId: string, rows: ResultRow[]): Promise<ResultRow[]> {
  const scores = await scoresOf(
    db,
    workspaceId,
    rows.map((r) => ({
      email: r.email.email,
      finalStatus: r.isFinal && r.finalStatus !== 'not_checked' ? r.finalStatus : 'pending',
      reason: r.reason,
      provider: r.provider,
    })),
  );
  return rows.map((r, i) => ({ ...r, score: scores[i] }));
}

function response(page: number, rows: ResultRow[], total: number): ResultsResponse {
  const limit = RESULTS_PAGE_SIZE;
  return {
    results: rows,
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}
