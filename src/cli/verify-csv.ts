import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import Papa from 'papaparse';
import type { Verifier } from '../server/verification/types';
import { csvSafe } from '../shared/csv-safe';
import { RESULT_CSV_COLUMNS as RESULT_COLUMNS, reasonText, smtpMessageText } from '../shared/verification';
import { readCsvChunks } from './csv-reader';
import { chooseEmailColumn } from './email-column';

export interface Progress {
  rows: number;
  written: number;
  byStatus: Record<string, number>;
}

export interface VerifyCsvOptions {
  input: string;
  output: string;
  /** 1: format and domain only; 2: also SMTP for the rows step 1 found valid; 0: no checks (benchmark floor). */
  step: 0 | 1 | 2;
  verifier: Verifier;
  /** Rows per engine call; several calls are in flight at once. */
  batchSize?: number;
  maxInFlight?: number;
  onProgress?: (p: Progress) => void;
}

const SAMPLE = 50;

/**
 * Streams a CSV through the engine: rows are read, checked in batches (several batches in flight,
 * output kept in input order) and written as they complete, so memory stays bounded by
 * batchSize × maxInFlight rows whatever the file size.
 */
export async function verifyCsv(o: VerifyCsvOptions): Promise<Progress> {
  const batchSize = o.batchSize ?? (o.step === 2 ? 500 : 2000);
  const maxInFlight = o.maxInFlight ?? (o.step === 2 ? 16 : 8);
  const progress: Progress = { rows: 0, written: 0, byStatus: {} };
  const out = createWriteStream(o.output);

  const inFlight: Array<Promise<string>> = [];
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const flushHead = async () => {
    await write(await inFlight.shift()!);
  };

  let column = -1;
  let width = 0;
  let pending: string[][] = [];
  let head: string[][] | null = [];
  const submit = async (rows: string[][]) => {
    progress.rows += rows.length;
    const batch = processBatch(o, rows, column, width, progress);
    batch.catch(() => {}); // awaited in order below; this only stops an early "unhandled rejection"
    inFlight.push(batch);
    while (inFlight.length >= maxInFlight) await flushHead();
  };
  // The first rows wait until the email column is known (by header name, else by content).
  const startOutput = async (rows: string[][]) => {
    if (rows.length === 0) throw new Error('the file is empty');
    const choice = chooseEmailColumn(rows[0], rows.slice(1));
    if (!choice) throw new Error('no email column found (by header name or by content)');
    column = choice.column;
    width = choice.header.length;
    await write(`${Papa.unparse([[...choice.header, ...RESULT_COLUMNS].map(csvSafe)], { newline: '\n' })}\n`);
    pending = choice.hasHeader ? rows.slice(1) : rows;
  };

  for await (const chunk of readCsvChunks(o.input)) {
    for (const row of chunk) {
      if (head) {
        head.push(row);
        if (head.length <= SAMPLE) continue;
        await startOutput(head);
        head = null;
        continue;
      }
      pending.push(row);
      if (pending.length >= batchSize) {
        await submit(pending);
        pending = [];
      }
    }
  }
  if (head) await startOutput(head);
  if (pending.length > 0) await submit(pending);
  while (inFlight.length > 0) await flushHead();
  out.end();
  await once(out, 'finish');
  return progress;
}

async function processBatch(
  o: VerifyCsvOptions,
  rows: string[][],
  column: number,
  width: number,
  progress: Progress,
): Promise<string> {
  const emails = rows.map((r) => r[column] ?? '');
  const extra: unknown[][] = [];
  if (o.step === 0) {
    for (let i = 0; i < rows.length; i++) extra.push(RESULT_COLUMNS.map(() => ''));
  } else if (o.step === 1) {
    for (const r of await o.verifier.checkStep1(emails)) {
      extra.push([
        r.status,
        r.status,
        r.reason,
        reasonText(r.reason),
        r.role,
        r.free,
        r.disposable,
        r.suggestion,
        r.mxHost,
        '',
        '',
      ]);
    }
  } else {
    for (const r of await o.verifier.checkStep2(emails)) {
      extra.push([
        r.initialStatus,
        r.status,
        r.reason,
        reasonText(r.reason),
        r.role,
        r.free,
        r.disposable,
        r.suggestion,
        r.mxHost,
        r.smtpCode,
        smtpMessageText(r.smtpMessage, r.smtpCode),
      ]);
    }
  }
  const lines = rows.map((row, i) => {
    const status = String(extra[i][1]);
    progress.byStatus[status] = (progress.byStatus[status] ?? 0) + 1;
    const cells = row.length >= width ? row : [...row, ...new Array(width - row.length).fill('')];
    return [...cells, ...extra[i]].map(csvSafe);
  });
  progress.written += rows.length;
  o.onProgress?.(progress);
  return `${Papa.unparse(lines, { newline: '\n' })}\n`;
}
