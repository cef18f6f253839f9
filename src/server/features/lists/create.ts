import { type DetectedColumns, detectColumns, headerKeys } from '../../../shared/csv';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import { LISTS_DEFAULTS, type ListsSettings } from './env';
import { cutIntoBatches } from './queries/batches';
import { analyzeRows, insertUploadRows } from './queries/results';
import { deleteUploadById, finishUpload, insertUpload } from './queries/uploads';

/** Rows per INSERT statement: large enough for bulk speed, small enough for bounded memory. */
const INSERT_CHUNK = 5000;

interface PendingRow {
  index: number;
  canon: number;
  email: string;
  name: string | null;
  company: string | null;
  data: string[];
}

/**
 * Accumulates data rows of one upload and writes them in multi-row INSERTs (one statement per
 * chunk, arrays through unnest, so 250k rows cost ~50 statements). Duplicates of an address point
 * at its first row, which alone is verified.
 */
export class RowWriter {
  private buffer: PendingRow[] = [];
  private readonly firstIndexOf = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();
  count = 0;
  skipped = 0;
  /** Rows whose address (case and surrounding spaces aside) an earlier row already has. */
  duplicates = 0;

  constructor(
    private readonly db: Db,
    readonly uploadId: string,
    readonly columns: DetectedColumns,
  ) {}

  /** Adds a data row; rows without an address are left out (and counted). */
  add(cells: string[]): PendingRow | null {
    const email = (cells[this.columns.email] ?? '').trim();
    if (!email) {
      this.skipped++;
      return null;
    }
    const key = email.toLowerCase();
    const index = this.count++;
    let canon = this.firstIndexOf.get(key);
    if (canon === undefined) {
      canon = index;
      this.firstIndexOf.set(key, index);
    } else this.duplicates++;
    const name =
      this.columns.name
        .map((c) => (cells[c] ?? '').trim())
        .filter(Boolean)
        .join(' ') || null;
    const company = this.columns.company === null ? null : (cells[this.columns.company] ?? '').trim() || null;
    const row = { index, canon, email, name, company, data: cells };
    this.buffer.push(row);
    return row;
  }

  get full(): boolean {
    return this.buffer.length >= INSERT_CHUNK;
  }

  /** Starts writing the buffered rows; awaits the previous write first so order and memory stay bounded. */
  async flush(): Promise<void> {
    const rows = this.buffer;
    this.buffer = [];
    const prev = this.writing;
    this.writing = prev.then(() => (rows.length ? insertRows(this.db, this.uploadId, rows) : undefined));
    await this.writing;
  }
}

async function insertRows(db: Db, uploadId: string, rows: PendingRow[]): Promise<void> {
  await db.execute(
    insertUploadRows({
      uploadId,
      indexes: rows.map((r) => r.index),
      canons: rows.map((r) => r.canon),
      emails: rows.map((r) => r.email),
      names: rows.map((r) => r.name),
      companies: rows.map((r) => r.company),
      data: rows.map((r) => JSON.stringify(r.data)),
    }),
  );
}

/** The upload's record, hidden (status uploading) until its rows are all stored. */
export async function createUploadRecord(opts: {
  db: Db;
  workspaceId: string;
  name: string;
  fileSize: number;
  headers: string[];
  columns: DetectedColumns;
  now: Date;
}): Promise<string> {
  return insertUpload(opts.db, {
    workspaceId: opts.workspaceId,
    name: opts.name,
    fileSize: opts.fileSize,
    headers: opts.headers,
    emailColumn: opts.columns.email,
    nameColumns: opts.columns.name,
    companyColumn: opts.columns.company,
    now: opts.now,
  });
}

/** Rows are stored: set the counters, cut the work into batches and show the upload (pending). */
export async function finalizeUpload(opts: {
  db: Db;
  uploadId: string;
  total: number;
  duplicates: number;
  /** Rows per work unit of a run (LISTS_BATCH_SIZE). */
  batchSize: number;
  /** Stored as a draft: not listed until the user starts or saves it (see ingestCsv). */
  draft?: boolean;
  /** The header row widened to the widest data row, when some rows had extra cells. */
  headers?: string[];
  fileSize?: number;
}): Promise<void> {
  const size = opts.batchSize;
  await opts.db.execute(cutIntoBatches({ uploadId: opts.uploadId, size, total: opts.total }));
  await finishUpload(opts.db, {
    uploadId: opts.uploadId,
    draft: Boolean(opts.draft),
    total: opts.total,
    duplicates: opts.duplicates,
    headers: opts.headers ? JSON.stringify(opts.headers) : null,
    fileSize: opts.fileSize ?? null,
  });
  // Fresh statistics: the embedded database has no autovacuum, and without them the planner picks
  // whole-table scans for the results pages and the run's own queries (measured: 4 s per page).
  if (opts.total >= 1000) await opts.db.execute(analyzeRows());
}

/** Removes a half-stored upload (a failed or oversized file): nothing is kept. */
export async function discardUpload(opts: { db: Db; uploadId: string }): Promise<void> {
  await deleteUploadById(opts.db, { uploadId: opts.uploadId });
}

/**
 * An upload from rows already in memory (the Instagram scraper's send-to-verify). `emailColumn` is a
 * header name or index; name and company columns are found by header like in a CSV upload.
 */
export async function createUploadFromRows(opts: {
  db: Db;
  workspaceId: string;
  name: string;
  headers: string[];
  rows: Array<string[] | Record<string, unknown>>;
  emailColumn: string | number;
  now?: Date;
  /** The caller's config (LISTS_BATCH_SIZE); defaults for helpers without one. */
  settings?: Pick<ListsSettings, 'LISTS_BATCH_SIZE'>;
}): Promise<{ uploadId: string; totalEmails: number }> {
  const emailIndex =
    typeof opts.emailColumn === 'number' ? opts.emailColumn : opts.headers.indexOf(opts.emailColumn);
  if (emailIndex < 0 || emailIndex >= opts.headers.length) throw badRequest('No email column found');
  const keys = headerKeys(opts.headers);
  const cells = opts.rows.map((r) =>
    Array.isArray(r)
      ? r.map((v) => (v === null || v === undefined ? '' : String(v)))
      : opts.headers.map((h, i) => {
          const v = r[h] ?? r[keys[i]];
          return v === null || v === undefined ? '' : String(v);
        }),
  );
  const detected = detectColumns(opts.headers, cells.slice(0, 50));
  const columns: DetectedColumns = {
    email: emailIndex,
    name: detected?.name.filter((c) => c !== emailIndex) ?? [],
    company: detected?.company === emailIndex ? null : (detected?.company ?? null),
  };
  const uploadId = await createUploadRecord({
    db: opts.db,
    workspaceId: opts.workspaceId,
    name: opts.name,
    fileSize: 0,
    headers: opts.headers,
    columns,
    now: opts.now ?? new Date(),
  });
  try {
    const writer = new RowWriter(opts.db, uploadId, columns);
    for (const row of cells) {
      writer.add(row);
      if (writer.full) await writer.flush();
    }
    await writer.flush();
    if (writer.count === 0) throw badRequest('No email addresses to verify');
    await finalizeUpload({
      db: opts.db,
      uploadId,
      total: writer.count,
      duplicates: writer.duplicates,
      batchSize: (opts.settings ?? LISTS_DEFAULTS).LISTS_BATCH_SIZE,
    });
    return { uploadId, totalEmails: writer.count };
  } catch (err) {
    await discardUpload({ db: opts.db, uploadId });
    throw err;
  }
}
