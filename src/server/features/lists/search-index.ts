import type { Db } from '../../platform/db/client';
import { yieldToEventLoop } from '../../platform/event-loop';
import { searchTextBetween } from './queries/results';
import { buildTextIndex, findRows, ROW_END, type TextIndex } from './text-index';

// Case-insensitive substring search over email, name and company, in memory. pg_trgm is not loaded
// on the embedded database and a "contains" scan of 250k rows per request costs 100+ ms there (and
// holds the single connection). An upload's rows never change after it is stored, so each process
// keeps a text index (text-index.ts: the rows as one string plus trigram filters per block of rows)
// for the uploads searched recently: exact totals for any query, and pages are fetched by row index.

/** Rows read per statement while building an index (other requests run between the chunks). */
const LOAD_CHUNK = 10_000;
/** Memory for indexes kept per process (least recently used dropped first; the newest always stays). */
const MAX_BYTES = 96 * 1024 * 1024;
/** Recent queries per upload kept with their matches, so paging through a search does not rescan. */
const QUERIES_PER_UPLOAD = 16;

const FIELD_SEP = '\u0001';
const SEPARATORS = `${ROW_END}${FIELD_SEP}`;

interface Entry {
  uploadId: string;
  /** Lowercased `email␁name␁company` of every row, one line each, in row order. */
  index: TextIndex;
  /** Memory held: the index and the kept query results. */
  bytes: number;
  queries: Map<string, Int32Array>;
}

const entries = new Map<string, Entry>();
const loading = new Map<string, Promise<Entry>>();
let usedBytes = 0;

/** True when the upload's index is in memory (a search then needs no extra statement to load it). */
export function hasSearchIndex(uploadId: string): boolean {
  return entries.has(uploadId);
}

/** Separators inside a cell (a quoted newline) become spaces so rows stay one line each. */
const SEPARATOR_CHARS = new RegExp(`[${SEPARATORS}]`, 'g');
const cleanCell = (v: string | null) => (v ?? '').replace(SEPARATOR_CHARS, ' ');

/**
 * The index of an upload being stored, from the rows as they are written (no statement reads them
 * back): the list is searchable the moment its upload is answered. Reading 100k rows back in chunks
 * and building the index after the upload cost ~0.5-1 s during which the first searches waited (and
 * a run started at once competed with it).
 */
export class SearchIndexBuilder {
  private lines: string[] = [];

  /** The next row, in row order, as stored. */
  add(row: { email: string; name: string | null; company: string | null }): void {
    this.lines.push(
      `${cleanCell(row.email)}${FIELD_SEP}${cleanCell(row.name)}${FIELD_SEP}${cleanCell(row.company)}`,
    );
  }

  /**
   * Builds the index and keeps it for the upload (every row must have been added). Its text is the
   * one `storedSearchText` reads back from the stored rows.
   */
  async store(uploadId: string): Promise<void> {
    const text = this.lines.length ? `${this.lines.join(ROW_END).toLowerCase()}${ROW_END}` : '';
    this.lines = [];
    keep(uploadId, await buildTextIndex(text, yieldToEventLoop));
  }
}

/**
 * Row indexes (ascending) whose email, name or company contains `search`, case-insensitively.
 * The caller has checked that the upload is the workspace's and is fully stored (status not uploading).
 */
export async function searchRows(opts: { db: Db; uploadId: string; search: string }): Promise<Int32Array> {
  const entry = await getEntry(opts.db, opts.uploadId);
  const needle = opts.search.toLowerCase();
  const cached = entry.queries.get(needle);
  if (cached) {
    entry.queries.delete(needle);
    entry.queries.set(needle, cached);
    return cached;
  }
  // A query cannot span two fields (nor two rows: findRows sees to that).
  const found = needle.includes(FIELD_SEP) ? new Int32Array(0) : findRows(entry.index, needle);
  entry.queries.set(needle, found);
  account(entry, found.byteLength);
  if (entry.queries.size > QUERIES_PER_UPLOAD) {
    const [oldest, matches] = entry.queries.entries().next().value as [string, Int32Array];
    entry.queries.delete(oldest);
    account(entry, -matches.byteLength);
  }
  return found;
}

async function getEntry(db: Db, uploadId: string): Promise<Entry> {
  const hit = entries.get(uploadId);
  if (hit) {
    entries.delete(uploadId);
    entries.set(uploadId, hit);
    return hit;
  }
  let pending = loading.get(uploadId);
  if (!pending) {
    pending = load(db, uploadId).finally(() => loading.delete(uploadId));
    loading.set(uploadId, pending);
  }
  return pending;
}

async function load(db: Db, uploadId: string): Promise<Entry> {
  return keep(uploadId, await buildTextIndex(await storedSearchText(db, uploadId), yieldToEventLoop));
}

/** The index's text read back from the stored rows (an upload stored before this process started). */
export async function storedSearchText(db: Db, uploadId: string): Promise<string> {
  const parts: string[] = [];
  // Rows are numbered 0..total-1 without gaps: ranges of row_index are index range scans. Each chunk
  // comes back as one text (the database joins the rows), which is far cheaper than one JS object per
  // row; separators inside a cell (a quoted newline) become spaces so rows stay one line each.
  for (let lo = 0; ; lo += LOAD_CHUNK) {
    await yieldToEventLoop();
    const chunk = await searchTextBetween(db, {
      separators: SEPARATORS,
      fieldSep: FIELD_SEP,
      rowEnd: ROW_END,
      uploadId,
      lo,
      hi: lo + LOAD_CHUNK,
    });
    if (chunk.t !== null) parts.push(chunk.t.toLowerCase(), ROW_END);
    if (Number(chunk.n) < LOAD_CHUNK) break;
  }
  return parts.join('');
}

/** A deleted upload's index goes with it. */
export function forgetSearchIndex(uploadId: string): void {
  const old = entries.get(uploadId);
  if (!old) return;
  entries.delete(uploadId);
  usedBytes -= old.bytes;
}

function keep(uploadId: string, index: TextIndex): Entry {
  const old = entries.get(uploadId);
  if (old) {
    entries.delete(uploadId);
    usedBytes -= old.bytes;
  }
  const entry: Entry = { uploadId, index, bytes: index.bytes, queries: new Map() };
  entries.set(uploadId, entry);
  usedBytes += entry.bytes;
  evictOthers(entry);
  return entry;
}

function account(entry: Entry, delta: number) {
  entry.bytes += delta;
  // An index dropped meanwhile (by another upload's load) no longer counts.
  if (entries.get(entry.uploadId) !== entry) return;
  usedBytes += delta;
  evictOthers(entry);
}

/** Drops the least recently used indexes (never `keep`) while over the memory budget. */
function evictOthers(keep: Entry) {
  for (const [id, e] of entries) {
    if (usedBytes <= MAX_BYTES) return;
    if (e === keep) continue;
    entries.delete(id);
    usedBytes -= e.bytes;
  }
}
