import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Verifier } from '../server/features/verification';
import {
  type CsvCell,
  type CsvLayout,
  csvLine,
  csvRows,
  detectLayout,
  fitRow,
  readCsv,
  widenHeaders,
} from '../shared/csv';
import { providerOf } from '../shared/mail-providers';
import { scoreOf } from '../shared/score';
import { RESULT_CSV_COLUMNS as RESULT_COLUMNS, reasonText, smtpMessageText } from '../shared/verification';
import { counter, noProgress, type Progress } from './progress';

export interface VerifyCsvOptions {
  input: string;
  output: string;
  /** 1: format and domain only; 2: also SMTP for the rows step 1 found valid; 0: no checks (benchmark floor). */
  step: 0 | 1 | 2;
  verifier: Verifier;
  /** Rows per engine call; several calls are in flight at once. */
  batchSize?: number;
  maxInFlight?: number;
  /** Called as the counts move (each verdict, each written batch), with the same object each time. */
  onProgress?: (p: Progress) => void;
}

/** The CLI run's rows are one tenant of the prober (its progress asks what they wait for). */
export const CLI_TENANT = 'cli';

const SAMPLE = 50;
/**
 * Rows of a step-1 batch checked together: the count moves by this many rather than by a whole batch,
 * while the slices are checked at the same time (step 1 looks each domain up once for all of them).
 */
const STEP1_SLICE_ROWS = 250;

const readFile = (path: string) => readCsv(createReadStream(path));

/**
 * First pass over the file: the layout from the first rows, and the widest row. Rows with more
 * fields than the header (CRM exports) get generated columns (`extra_1`, …) in the header we write
 * before any result, so every result column stays where the header says. Parsing alone is cheap
 * (~1 µs a row) next to verifying, so reading the file twice costs little.
 */
async function survey(path: string): Promise<{ layout: CsvLayout; width: number; rows: number }> {
  const head: string[][] = [];
  let width = 0;
  let rows = 0;
  for await (const block of readFile(path)) {
    for (const row of block) {
      if (head.length <= SAMPLE) head.push(row);
      if (row.length > width) width = row.length;
      rows++;
    }
  }
  if (head.length === 0) throw new Error('the file is empty');
  const layout = detectLayout(head[0], head.slice(1));
  if (!layout) throw new Error('no email column found (by header name or by content)');
  return {
    layout,
    width: Math.max(width, layout.headers.length),
    rows: rows - (layout.hasHeader ? 1 : 0),
  };
}

/**
 * Streams a CSV through the engine: rows are read, checked in batches (several batches in flight,
 * output kept in input order) and written as they complete, so memory stays bounded by
 * batchSize × maxInFlight rows whatever the file size. Progress counts each verdict as it comes.
 */
export async function verifyCsv(o: VerifyCsvOptions): Promise<Progress> {
  const batchSize = o.batchSize ?? (o.step === 2 ? 500 : 2000);
  const maxInFlight = o.maxInFlight ?? (o.step === 2 ? 16 : 8);
  const progress = noProgress();
  const { layout, width, rows: total } = await survey(o.input);
  progress.total = total;
  o.onProgress?.(progress);
  const column = layout.columns.email;
  const out = createWriteStream(o.output);

  const inFlight: Array<Promise<string>> = [];
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const flushHead = async () => {
    await write(await inFlight.shift()!);
  };
  const submit = async (rows: string[][]) => {
    progress.rows += rows.length;
    const batch = processBatch(o, rows, column, width, progress);
    batch.catch(() => {}); // awaited in order below; this only stops an early "unhandled rejection"
    inFlight.push(batch);
    while (inFlight.length >= maxInFlight) await flushHead();
  };

  await write(csvLine([...widenHeaders(layout.headers, width), ...RESULT_COLUMNS], '\n'));
  let pending: string[][] = [];
  let skipHeader = layout.hasHeader;
  for await (const block of readFile(o.input)) {
    for (const row of block) {
      if (skipHeader) {
        skipHeader = false;
        continue;
      }
      pending.push(row);
      if (pending.length >= batchSize) {
        await submit(pending);
        pending = [];
      }
    }
  }
  if (pending.length > 0) await submit(pending);
  while (inFlight.length > 0) await flushHead();
  out.end();
  await once(out, 'finish');
  return progress;
}

/**
 * provider, checked_at, score, decided_by and attempts: the score from its priors (no send history
 * outside the app); attempts only for rows a mail server was asked about.
 */
function evidence(
  email: string,
  r: { status: 'valid' | 'invalid' | 'risky'; reason: string | null; mxHost: string | null },
  how: { decidedBy: string; attempts?: number },
): CsvCell[] {
  const provider = providerOf(r.mxHost, email.split('@').pop());
  const score = scoreOf({ finalStatus: r.status, reason: r.reason, provider });
  const asked = how.decidedBy !== 'initial_check' && how.attempts !== undefined;
  return [
    provider?.name ?? '',
    new Date().toISOString(),
    score ?? '',
    how.decidedBy,
    asked ? how.attempts : '',
  ];
}

async function processBatch(
  o: VerifyCsvOptions,
  rows: string[][],
  column: number,
  width: number,
  progress: Progress,
): Promise<string> {
  const emails = rows.map((r) => r[column] ?? '');
  const count = counter(progress, o.onProgress);
  const extra: unknown[][] = [];
  if (o.step === 0) {
    for (let i = 0; i < rows.length; i++) extra.push(RESULT_COLUMNS.map(() => ''));
    progress.done += rows.length;
  } else if (o.step === 1) {
    const slices: string[][] = [];
    for (let i = 0; i < emails.length; i += STEP1_SLICE_ROWS)
      slices.push(emails.slice(i, i + STEP1_SLICE_ROWS));
    const checked = await Promise.all(
      slices.map(async (slice) => {
        const results = await o.verifier.checkStep1(slice);
        count.step1(results, true);
        return results;
      }),
    );
    for (const [i, r] of checked.flat().entries()) {
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
        ...evidence(emails[i], r, { decidedBy: 'initial_check' }),
      ]);
    }
  } else {
    const results = await o.verifier.checkStep2(emails, {
      tenant: CLI_TENANT,
      onStep1: (s1) => count.step1(s1, false),
      onResult: (r) => count.result(r),
    });
    for (const [i, r] of results.entries()) {
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
        ...evidence(emails[i], r, r),
      ]);
    }
  }
  const lines = rows.map((row, i) => [...fitRow(row, width), ...(extra[i] as CsvCell[])]);
  progress.written += rows.length;
  o.onProgress?.(progress);
  return csvRows(lines, '\n');
}
