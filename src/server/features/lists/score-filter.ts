import { z } from 'zod';
import type { ResultFilter } from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { finalRowsAfter } from './queries/results';
import { scoresOfVerdicts } from './score';

// "Valid + risky with score ≥ 70" (decision 0221): the score is computed when read (its catch-all part
// learns from sends that arrive any time), so a score filter reads the upload's final rows in chunks,
// scores them as a page would, and keeps the row numbers that pass. A filter costs one pass over the
// list's verdicts; pages of it then read by row number, like search.

const CHUNK = 5000;

/** A judged row and what its score is computed from. */
const finalRow = z.object({
  row_index: dbInt,
  email: z.string(),
  final_status: z.enum(['valid', 'invalid', 'risky']),
  reason: z.string().nullable(),
  mx: z.string().nullable(),
});

/** Row numbers, ascending, of the upload's final rows scoring at least `minScore` within `filter`. */
export async function rowsScoringAtLeast(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  filter: ResultFilter;
  minScore: number;
}): Promise<Int32Array> {
  const { db, uploadId } = opts;
  if (opts.filter === 'not_checked') return new Int32Array(0);
  const statuses = opts.filter === 'all' ? ['valid', 'risky', 'invalid'] : [opts.filter];
  const kept: number[] = [];
  for (let after = -1; ; ) {
    const rows = await queryRows(db, finalRow, finalRowsAfter({ uploadId, after, statuses, limit: CHUNK }));
    if (rows.length === 0) break;
    const scores = await scoresOfVerdicts(
      db,
      opts.workspaceId,
      rows.map((r) => ({ email: r.email, finalStatus: r.final_status, reason: r.reason, mx: r.mx })),
    );
    rows.forEach((r, i) => {
      const s = scores[i];
      if (s !== null && s >= opts.minScore) kept.push(r.row_index);
    });
    if (rows.length < CHUNK) break;
    after = rows[rows.length - 1].row_index;
  }
  return Int32Array.from(kept);
}
