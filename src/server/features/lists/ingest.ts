import type { Readable } from 'node:stream';
import {
  type CsvLayout,
  CsvNotTextError,
  detectLayout,
  headerKeys,
  looksLikeEmail,
  readCsv,
  widenHeaders,
} from '../../../shared/csv';
import {
  CSV_EXTENSION_MESSAGE,
  CSV_SIZE_MESSAGE,
  PREVIEW_ROWS,
  type UploadResponse,
} from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest } from '../../platform/http/errors';
import { createUploadRecord, discardUpload, finalizeUpload, RowWriter } from './create';
import { SearchIndexBuilder } from './search-index';

/** Rows looked at before deciding which column holds the addresses. */
const SAMPLE_ROWS = 50;

export class FileTooLargeError extends AppError {
  constructor() {
    super('payload_too_large', CSV_SIZE_MESSAGE);
  }
}

function isSizeError(err: unknown): boolean {
  const e = err as { code?: string; statusCode?: number };
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413;
}

/**
 * Streams an uploaded CSV into the database: delimiter guessed by papaparse, BOM and quoted newlines
 * handled, rows written in bulk as they are parsed (memory stays flat for a 10 MB file). The email,
 * name and company columns are found from the header row or, failing that, from the first rows.
 */
export async function ingestCsv(opts: {
  db: Db;
  workspaceId: string;
  filename: string;
  stream: Readable & { truncated?: boolean };
  now: Date;
  /** LISTS_BATCH_SIZE: rows per work unit of a run. */
  batchSize: number;
  /**
   * The browser's upload: the file is stored (for the preview and a fast start) but listed nowhere until
   * the user starts or saves it; an abandoned draft is dropped by the sweep (resume.ts).
   */
  draft?: boolean;
}): Promise<UploadResponse> {
  const { db, stream } = opts;
  if (!/\.csv$/i.test(opts.filename.trim())) {
    stream.resume();
    throw badRequest(CSV_EXTENSION_MESSAGE);
  }
  let bytes = 0;
  const counted = (async function* () {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      yield chunk;
    }
  })();
  let first: string[] | null = null;
  let layout: CsvLayout | null = null;
  const sample: string[][] = [];
  let writer: RowWriter | null = null;
  const preview: string[][] = [];
  const searchIndex = new SearchIndexBuilder();
  let width = 0;

  const start = async () => {
    layout = detectLayout(first ?? [], sample);
    if (!layout) {
      throw badRequest('No email column found. Add a column named "email" with one address per row.');
    }
    const uploadId = await createUploadRecord({
      db,
      workspaceId: opts.workspaceId,
      name: opts.filename,
      fileSize: 0,
      headers: layout.headers,
      columns: layout.columns,
      now: opts.now,
    });
    writer = new RowWriter(db, uploadId, layout.columns);
    // A file without a header row: its first row is the first address.
    if (!layout.hasHeader && first) addRow(first);
    for (const row of sample.splice(0)) addRow(row);
  };
  const addRow = (row: string[]) => {
    width = Math.max(width, row.length);
    const kept = writer?.add(row);
    if (kept) searchIndex.add(kept);
    if (kept && preview.length < PREVIEW_ROWS) preview.push(row);
  };

  try {
    for await (const block of readCsv(counted)) {
      for (const row of block) {
        if (!first) {
          first = row;
          continue;
        }
        if (!writer) {
          sample.push(row);
          if (sample.length >= SAMPLE_ROWS) await start();
          continue;
        }
        addRow(row);
        if ((writer as RowWriter).full) await (writer as RowWriter).flush();
      }
    }
    if (!first) throw badRequest('The file is empty. Add a header row and one email address per row.');
    if (!writer && sample.length === 0 && !first.some((c) => looksLikeEmail(c))) {
      throw badRequest('The file has a header row but no data rows.');
    }
    if (!writer) await start();
    const w = writer as unknown as RowWriter;
    await w.flush();
    if (stream.truncated) throw new FileTooLargeError();
    if (w.count === 0) throw badRequest('No email addresses found in the email column.');
    // Rows wider than the header row keep their extra cells under generated headers (extra_1, …).
    const headers = (layout as unknown as CsvLayout).headers;
    const fullHeaders = widenHeaders(headers, width);
    await finalizeUpload({
      db,
      uploadId: w.uploadId,
      total: w.count,
      duplicates: w.duplicates,
      batchSize: opts.batchSize,
      draft: opts.draft,
      headers: fullHeaders.length > headers.length ? fullHeaders : undefined,
      fileSize: bytes,
    });
    await searchIndex.store(w.uploadId);
    const keys = headerKeys(fullHeaders);
    const name = (c: number | null) => (c === null ? null : keys[c]);
    return {
      uploadId: w.uploadId,
      totalEmails: w.count,
      preview: preview.map((row) => Object.fromEntries(keys.map((k, i) => [k, row[i] ?? '']))),
      headers: keys,
      emailColumn: keys[w.columns.email],
      nameColumn: w.columns.name.length ? w.columns.name.map((c) => keys[c]).join(' + ') : null,
      companyColumn: name(w.columns.company),
      skippedRows: w.skipped,
      duplicates: w.duplicates,
      status: opts.draft ? 'draft' : 'pending',
    };
  } catch (err) {
    stream.resume();
    if (writer) await discardUpload({ db, uploadId: (writer as RowWriter).uploadId }).catch(() => {});
    if (isSizeError(err)) throw new FileTooLargeError();
    if (err instanceof CsvNotTextError) throw badRequest(err.message);
    throw err;
  }
}
