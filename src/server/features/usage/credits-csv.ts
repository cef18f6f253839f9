import { RELEASE_LABELS, RELEASE_REASONS } from '../../../shared/credits';
import { type CsvCell, csvDocument } from '../../../shared/csv';
import type { Db } from '../../platform/db/client';
import { creditRunsOfMonth } from './credits';
import { monthCount } from './queries';
import { monthOf } from './quota';

// The usage page's credits as a file (decision 0890): the same figures as GET /api/usage/credits, one row
// per run, then the month's found addresses (the finder charges one per address returned).

/** The CSV's columns, in the usage page's order ("Released: …" in its release columns' order). */
export const CREDITS_CSV_HEADER = [
  'Kind',
  'List',
  'Run',
  'Started',
  'Settled',
  'Reserved',
  'Charged',
  ...RELEASE_REASONS.map((r) => `Released: ${RELEASE_LABELS[r]}`),
  'Still reserved',
];

/** Every run of the month, not the page's latest 100: the file is the whole month's books. */
const ALL_RUNS = 100_000;

export async function creditsCsv(opts: { db: Db; workspaceId: string; now: Date }): Promise<string> {
  const ledger = await creditRunsOfMonth({ ...opts, limit: ALL_RUNS });
  const rows: CsvCell[][] = ledger.runs.map((r) => [
    'verification',
    r.listName,
    r.runId,
    r.startedAt,
    r.settledAt ?? '',
    r.reserved,
    r.charged,
    ...RELEASE_REASONS.map((k) => r.released[k]),
    r.open,
  ]);
  const finds = await monthCount(opts.db, {
    workspaceId: opts.workspaceId,
    month: monthOf(opts.now),
    kind: 'find',
  });
  // Nothing is reserved or released for finds: a person not found (or found ambiguously) is never charged.
  rows.push([
    'finds',
    'Found addresses (email finder)',
    '',
    `${ledger.month}-01`,
    '',
    '',
    finds,
    ...RELEASE_REASONS.map(() => ''),
    '',
  ]);
  return csvDocument(CREDITS_CSV_HEADER, rows, { bom: true });
}
