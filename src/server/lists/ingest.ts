import type { Readable } from 'node:stream';
import {
  CSV_EXTENSION_MESSAGE,
  CSV_SIZE_MESSAGE,
  PREVIEW_ROWS,
  type UploadResponse,
} from '../../shared/lists';
import type { Db } from '../db/client';
import { AppError, badRequest } from '../http/errors';
import { detectColumns, headerKeys, isHeaderless } from './columns';
import { createUploadRecord, discardUpload, finalizeUpload, RowWriter } from './create';
import { csvRowBlocks } from './csv-stream';

/** Rows looked at before deciding which column holds the addresses. */
const SAMPLE_ROWS = 50;

export class FileTooLargeError extends AppError {
  constructor() {
    super(413, CSV_SIZE_MESSAGE);
  }
}

/** Bytes → text: UTF-8 (BOM dropped) or UTF-16 with a BOM; NUL bytes mean this is not a text file. */
async function* decodeText(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of bytes) {
    if (!decoder) {
      const utf16 =
        chunk[0] === 0xff && chunk[1] === 0xfe
          ? 'utf-16le'
          : chunk[0] === 0xfe && chunk[1] === 0xff
            ? 'utf-16be'
            : null;
      decoder = new TextDecoder(utf16 ?? 'utf-8');
      if (!utf16 && looksBinary(chunk)) {
        throw badRequest(
          'This file is not a CSV text file. Export your list as CSV (comma-separated values) and try again.',
        );
      }
    }
    yield decoder.decode(chunk, { stream: true });
  }
  if (decoder) yield decoder.decode();
}

function looksBinary(chunk: Buffer): boolean {
  const head = chunk.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return head.length > 0 && control / head.length > 0.05;
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
  userId: string;
  filename: string;
  stream: Readable & { truncated?: boolean };
  now: Date;
  /** LISTS_BATCH_SIZE: rows per work unit of a run. */
  batchSize: number;
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
  let headers: string[] | null = null;
  const sample: string[][] = [];
  let writer: RowWriter | null = null;
  const preview: string[][] = [];
  let width = 0;

  const start = async () => {
    const h = headers ?? [];
    const columns = detectColumns(h, sample);
    if (!columns) {
      throw badRequest('No email column found. Add a column named "email" with one address per row.');
    }
    const uploadId = await createUploadRecord({
      db,
      userId: opts.userId,
      name: opts.filename,
      fileSize: 0,
      headers: h,
      columns,
      now: opts.now,
    });
    writer = new RowWriter(db, uploadId, columns);
    for (const row of sample.splice(0)) addRow(row);
  };
  const addRow = (row: string[]) => {
    width = Math.max(width, row.length);
    const kept = writer?.add(row);
    if (kept && preview.length < PREVIEW_ROWS) preview.push(row);
  };

  try {
    for await (const block of csvRowBlocks(decodeText(counted))) {
      for (const row of block) {
        if (!headers) {
          if (isHeaderless(row)) {
            headers = row.map((_, i) => (i === 0 ? 'email' : ''));
            sample.push(row);
          } else headers = row.map((c) => c.trim());
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
    if (!headers) throw badRequest('The file is empty. Add a header row and one email address per row.');
    if (!writer && sample.length === 0) throw badRequest('The file has a header row but no data rows.');
    if (!writer) await start();
    const w = writer as unknown as RowWriter;
    await w.flush();
    if (stream.truncated) throw new FileTooLargeError();
    if (w.count === 0) throw badRequest('No email addresses found in the email column.');
    // Rows wider than the header row keep their extra cells under "Column N" headers.
    const fullHeaders = [...headers, ...Array(Math.max(0, width - headers.length)).fill('')];
    await finalizeUpload({
      db,
      uploadId: w.uploadId,
      total: w.count,
      batchSize: opts.batchSize,
      headers: fullHeaders.length > headers.length ? fullHeaders : undefined,
      fileSize: bytes,
    });
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
    };
  } catch (err) {
    stream.resume();
    if (writer) await discardUpload({ db, uploadId: (writer as RowWriter).uploadId }).catch(() => {});
    if (isSizeError(err)) throw new FileTooLargeError();
    throw err;
  }
}
