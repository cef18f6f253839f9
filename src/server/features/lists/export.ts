import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type CsvCell, csvLine, csvRows, fitRow } from '../../../shared/csv';
import type { ExportType } from '../../../shared/lists';
import { providerOf } from '../../../shared/mail-providers';
import { RESULT_CSV_COLUMNS, reasonText, smtpMessageText } from '../../../shared/verification';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { contentDisposition, sendCsv } from '../../platform/http/csv-response';
import { notFound } from '../../platform/http/errors';
import { brandedFileName } from '../branding';
import { allRowsBetween, rowsOfStatusAfter } from './queries/results';
import { uploadForExport } from './queries/upload-reads';
import { type ScoredRow, scoresOf } from './score';
import { findOwnUpload } from './start';

const CHUNK = 2000;
const NOT_CHECKED_TEXT = 'Not checked: the verification was stopped before this row';

const text = z.string().nullable();
const flag = z.boolean().nullable();
const stamp = z.union([z.date(), z.string()]).nullable();
/** A row of an export: the uploaded cells (JSON text or already parsed, by driver) and its verdicts. */
const exportRow = z.object({
  row_index: dbInt,
  // Not checked cell by cell: the cells are the upload's own strings, and a list has millions of them.
  data: z.custom<string[] | string>((v) => typeof v === 'string' || Array.isArray(v)),
  status: text,
  final_status: text,
  reason: text,
  step2_reason: text,
  role: flag,
  free: flag,
  disposable: flag,
  suggestion: text,
  mx_host: text,
  step2_mx_host: text,
  smtp_code: dbInt.nullable(),
  smtp_message: text,
  verified_at: stamp,
  step2_verified_at: stamp,
  decided_by: text,
  step2_attempts: dbInt.nullable(),
});

/** "Leads Q3.csv", 2025-01-31, valid → "Leads Q3-valid-2025-01-31.csv". */
export function exportFileName(originalName: string, type: string, uploadedAt: Date): string {
  const base =
    originalName
      .replace(/\.csv$/i, '')
      .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
      .trim() || 'list';
  return `${base}-${type}-${uploadedAt.toISOString().slice(0, 10)}.csv`;
}

/**
 * The export as a stream: a UTF-8 BOM (Excel reads the file as UTF-8), the original header row plus
 * the verification columns, then the rows fetched CHUNK at a time by keyset (row_index), so memory
 * stays flat whatever the list's size. Cells that a spreadsheet would run as formulas are neutralised.
 */
export async function exportUpload(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  type: ExportType;
  /** Only rows scoring at least this (decision 0221): "valid + risky with score ≥ 70" is all + 70. */
  minScore?: number;
}): Promise<{ fileName: string; stream: Readable }> {
  const { db, uploadId, type } = opts;
  await findOwnUpload(opts);
  const upload = await uploadForExport(db, { uploadId });
  if (!upload) throw notFound('Upload not found');
  const { headers, total, emailColumn } = upload;
  const kind = opts.minScore === undefined ? type : `${type}-score${opts.minScore}`;
  const fileName = exportFileName(upload.originalName, kind, upload.uploadedAt);
  // A stopped run: rows it did not reach say so, rather than "pending" (nothing is checking them).
  const waiting = upload.status === 'cancelled' ? 'not_checked' : 'pending';
  const status = (s: string | null) => (s === null || s === 'pending' ? waiting : s);

  async function* lines() {
    yield `\uFEFF${csvLine([...headers, ...RESULT_CSV_COLUMNS])}`;
    let after = -1;
    for (;;) {
      const rows = await queryRows(
        db,
        exportRow,
        type === 'all'
          ? allRowsBetween({ uploadId, after, to: after + CHUNK })
          : rowsOfStatusAfter({ uploadId, status: type, after, limit: CHUNK }),
      );
      if (rows.length === 0) {
        // 'all' reads fixed ranges of the dense row numbering: an empty range past the end is the end.
        if (type !== 'all' || after + CHUNK >= total) return;
        after += CHUNK;
        continue;
      }
      // One papaparse call per chunk: its per-call set-up is a large share of a single row's cost.
      const out: CsvCell[][] = [];
      const parsed = rows.map((r) => {
        const data: string[] = typeof r.data === 'string' ? JSON.parse(r.data) : r.data;
        const email = data[emailColumn] ?? '';
        const mx = r.step2_mx_host ?? r.mx_host;
        return { data, email, provider: providerOf(mx, email.split('@').pop()) };
      });
      const scores = await scoresOf(
        db,
        opts.workspaceId,
        rows.map((r, i) => ({
          email: parsed[i].email,
          finalStatus: (r.final_status ?? 'pending') as ScoredRow['finalStatus'],
          reason: r.step2_reason ?? r.reason,
          provider: parsed[i].provider,
        })),
      );
      for (const [i, r] of rows.entries()) {
        if (opts.minScore !== undefined && (scores[i] ?? -1) < opts.minScore) continue;
        const { data, provider } = parsed[i];
        const reason = r.step2_reason ?? r.reason ?? '';
        const checkedAt = r.step2_verified_at ?? r.verified_at;
        const final = status(r.final_status);
        out.push([
          // Rows shorter than the header get empty cells, so the verification columns stay aligned.
          ...fitRow(data, headers.length),
          status(r.status),
          final,
          reason,
          final === 'not_checked' ? NOT_CHECKED_TEXT : reasonText(reason),
          r.role ?? '',
          r.free ?? '',
          r.disposable ?? '',
          r.suggestion ?? '',
          r.step2_mx_host ?? r.mx_host ?? '',
          r.smtp_code ?? '',
          smtpMessageText(r.smtp_message, r.smtp_code),
          provider?.name ?? '',
          checkedAt ? new Date(checkedAt).toISOString() : '',
          scores[i] ?? '',
          final === 'pending' || final === 'not_checked' ? '' : (r.decided_by ?? ''),
          r.step2_attempts ?? '',
        ]);
      }
      yield csvRows(out);
      after = type === 'all' ? after + CHUNK : rows[rows.length - 1].row_index;
      if (type !== 'all' && rows.length < CHUNK) return;
    }
  }
  return { fileName, stream: Readable.from(lines()) };
}

/**
 * Sends an upload's export as a CSV download (the web app's and API v1's), its file name carrying the
 * workspace's product name when White Label branding applies.
 */
export async function sendUploadExport(
  reply: FastifyReply,
  opts: Parameters<typeof exportUpload>[0] & Omit<Parameters<typeof brandedFileName>[0], 'fileName'>,
): Promise<FastifyReply> {
  const { fileName, stream } = await exportUpload(opts);
  const branded = await brandedFileName({ ...opts, fileName });
  sendCsv(reply, { body: stream, disposition: contentDisposition(branded) });
  return reply;
}
