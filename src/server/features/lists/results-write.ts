import type { Db } from '../../platform/db/client';
import { queryRows } from '../../platform/db/sql';
import type { Step1Result, Step2Result } from '../verification';
import { writeStep1Verdicts, writeStep2Verdicts } from './queries/result-writes';
import { noteWrite, writtenStatuses } from './status-cache';

// Writing each step's verdicts: one statement per chunk of rows (queries/result-writes.ts says what
// each statement keeps true), then the search+filter copy of row statuses learns what changed.

/**
 * Writes `items` in statements of at most `maxRows` verified rows (default: one statement). On the
 * embedded database every statement holds the only connection, so a run's writes are cut small
 * enough for the results pages to run between them; each statement stays whole (rows + counters).
 */
async function inChunks<T>(
  items: T[],
  opts: { maxRowsPerStatement?: number; pipelined?: boolean },
  write: (chunk: T[]) => Promise<void>,
) {
  const max = opts.maxRowsPerStatement;
  const size = max && max > 0 ? max : items.length;
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  // Pipelined: every statement is queued at once (each is whole on its own, in any order); the
  // embedded database's own thread runs them back to back, requests' statements between them.
  if (opts.pipelined) await Promise.all(chunks.map(write));
  else for (const chunk of chunks) await write(chunk);
}

export interface WriteOptions<R> {
  db: Db;
  uploadId: string;
  items: { rowIndex: number; result: R }[];
  now: Date;
  /** Verified rows per statement (their duplicates come with them); unset: all in one. */
  maxRowsPerStatement?: number;
  pipelined?: boolean;
}

export async function writeStep1(opts: WriteOptions<Step1Result>): Promise<void> {
  await inChunks(opts.items, opts, (items) => writeStep1Statement({ ...opts, items }));
}

export async function writeStep2(opts: WriteOptions<Step2Result>): Promise<void> {
  await inChunks(opts.items, opts, (items) => writeStep2Statement({ ...opts, items }));
}

async function writeStep1Statement(opts: WriteOptions<Step1Result>): Promise<void> {
  const { items, uploadId } = opts;
  if (items.length === 0) return;
  const col = <T>(f: (r: Step1Result) => T) => items.map((i) => f(i.result));
  const [written] = await queryRows(
    opts.db,
    writtenStatuses,
    writeStep1Verdicts({
      uploadId,
      now: opts.now,
      rows: items.map((i) => i.rowIndex),
      status: col((r) => r.status),
      reason: col((r) => r.reason),
      role: col((r) => r.role),
      free: col((r) => r.free),
      disposable: col((r) => r.disposable),
      suggestion: col((r) => r.suggestion),
      mxHost: col((r) => r.mxHost),
    }),
  );
  if (written) noteWrite(uploadId, written, 'step1');
}

async function writeStep2Statement(opts: WriteOptions<Step2Result>): Promise<void> {
  const { items, uploadId } = opts;
  if (items.length === 0) return;
  const col = <T>(f: (r: Step2Result) => T) => items.map((i) => f(i.result));
  const [written] = await queryRows(
    opts.db,
    writtenStatuses,
    writeStep2Verdicts({
      uploadId,
      now: opts.now,
      rows: items.map((i) => i.rowIndex),
      status: col((r) => r.status),
      reason: col((r) => r.reason),
      smtpCode: col((r) => r.smtpCode),
      smtpMessage: col((r) => r.smtpMessage),
      mxHost: col((r) => r.mxHost),
      decidedBy: col((r) => r.decidedBy),
      attempts: col((r) => r.attempts),
    }),
  );
  if (written) noteWrite(uploadId, written, 'step2');
}
