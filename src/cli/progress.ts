import type { NetworkHealth, Step2Result } from '../server/features/verification';
import { describeWaiting, type WaitingGroup } from '../shared/list-runs';

/**
 * Where a CLI run stands, counted as verdicts arrive, not as the file is written: a line waits for the
 * rows before it, so counting written rows held every count still until the slowest mail server of
 * each batch had answered.
 */
export interface Progress {
  /** Rows in the file (without its header), known from the first pass. */
  total: number;
  /** Rows read and handed to the engine. */
  rows: number;
  /** Rows with their step-1 verdict. */
  step1: number;
  /** Rows step 1 sent on to step 2 so far (valid after step 1); final once step 1 is done. */
  step2Total: number;
  /** Of those, rows with their step-2 verdict. */
  step2: number;
  /** Rows with their final verdict. */
  done: number;
  /** Rows written to the results file, in input order. */
  written: number;
  /** Final statuses of the rows done so far. */
  byStatus: Record<string, number>;
}

export const noProgress = (): Progress => ({
  total: 0,
  rows: 0,
  step1: 0,
  step2Total: 0,
  step2: 0,
  done: 0,
  written: 0,
  byStatus: {},
});

/** Counts verdicts into `progress` as they arrive (in any order): step 1's, then step 2's. */
export function counter(progress: Progress, onProgress?: (p: Progress) => void) {
  const final = (status: string) => {
    progress.done++;
    progress.byStatus[status] = (progress.byStatus[status] ?? 0) + 1;
  };
  return {
    /** Step 1 judged these rows; `isFinal` when no step 2 follows (--step 1). */
    step1(results: Array<{ status: string }>, isFinal: boolean) {
      progress.step1 += results.length;
      for (const r of results) {
        if (isFinal) final(r.status);
        else if (r.status === 'valid') progress.step2Total++;
      }
      onProgress?.(progress);
    },
    /** A row's final verdict in a two-step run. */
    result(r: Step2Result) {
      // A row step 1 did not find valid ends there: it never reaches step 2.
      if (r.decidedBy !== 'initial_check') progress.step2++;
      final(r.status);
      onProgress?.(progress);
    },
  };
}

export interface ProgressView {
  progress: Progress;
  step: 0 | 1 | 2;
  elapsedS: number;
  /** What step-2 rows are set aside for now (the prober's view). */
  waiting: WaitingGroup[];
  /** Our side failing: the rows wait (nothing is judged) and this says why. */
  health: NetworkHealth;
  /** How a time is shown (10:42:05 in the machine's time zone). */
  time: (iso: string) => string;
}

const statusCounts = (p: Progress) =>
  Object.entries(p.byStatus)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/**
 * The lines printed while a run goes on:
 *   verify: 812/2166 rows done (54/s); step 1 2166/2166; step 2 300/1654: valid 500, invalid 312
 *   verify:   waiting: 3 rows: greylisted (mx.x.test), retry at 10:42:05
 *   verify:   paused: Our DNS resolver is not answering; next try at 10:42:35
 */
export function progressLines(v: ProgressView): string[] {
  const p = v.progress;
  // Before the first pass over the file: the resolver's canaries are asked, the rows counted.
  if (p.total === 0) return ['verify: starting (checking our DNS resolver, counting the rows)'];
  const rate = Math.round(p.done / Math.max(v.elapsedS, 0.001));
  let line = `verify: ${p.done}/${p.total} rows done (${rate}/s)`;
  if (v.step > 0) line += `; step 1 ${p.step1}/${p.total}`;
  // Until step 1 has seen every row, more rows may still go on to step 2.
  if (v.step === 2) line += `; step 2 ${p.step2}/${p.step2Total}${p.step1 < p.total ? ' so far' : ''}`;
  const counts = statusCounts(p);
  const lines = [`${line}${counts ? `: ${counts}` : ''}`];
  for (const g of v.waiting) lines.push(`verify:   waiting: ${describeWaiting(g, v.time)}`);
  if (!v.health.ok) {
    const at = v.health.nextTryAt
      ? `; next try at ${v.time(new Date(v.health.nextTryAt).toISOString())}`
      : '';
    lines.push(`verify:   paused: ${whyPaused(v.health)}${at}`);
  }
  return lines;
}

/** The last line: "verify: 2166 rows done in 31.8 s (68/s): valid 1200, invalid 800, risky 166". */
export function finalLine(p: Progress, elapsedS: number): string {
  const counts = statusCounts(p);
  const rate = Math.round(p.done / Math.max(elapsedS, 0.001));
  return `verify: ${p.done} rows done in ${elapsedS.toFixed(1)} s (${rate}/s)${counts ? `: ${counts}` : ''}`;
}

/** Our side's problem in the server's words, without its promise to resume (the CLI says what it does). */
export function whyPaused(h: NetworkHealth): string {
  return (h.message ?? 'our side failed').replace(/; verification will resume by itself$/, '');
}
