import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { addressesOfLists, latestVerdicts, sendableRows, verifiedBefore } from './queries/sending';

const text = z.string().nullable();
const stamp = z.union([z.date(), z.string()]);
// Arrays are not checked item by item: they are the upload's own cells and header (50,000 rows a send).
const cells = z.custom<string[]>((v) => Array.isArray(v));

/** A row that may be sent, with its upload and what its confidence score is computed from. */
const sendableRow = z.object({
  id: dbInt,
  email: z.string(),
  name: text,
  company: text,
  data: cells,
  final_status: z.enum(['valid', 'risky']),
  reason: text,
  verdict_reason: text,
  mx: text,
  checked_at: stamp.nullable(),
  upload_id: z.string(),
  upload_name: z.string(),
  uploaded_at: stamp,
  headers: cells.nullable(),
  skip: z.custom<number[]>((v) => Array.isArray(v)).nullable(),
});
export type SendableRow = z.output<typeof sendableRow>;

/** An address's latest final verdict in the workspace's lists. */
const verdictRow = z.object({
  email: z.string(),
  final_status: z.enum(['valid', 'risky', 'invalid']),
  reason: text,
  mx: text,
});
const emailRow = z.object({ email: z.string() });

/**
 * The rows of the workspace's lists that may go to Smartlead: valid ones, and risky ones whose risk is a
 * catch-all server or a role address, leaving out suppressed addresses; newest upload first.
 */
export function sendableRowsOf(opts: { db: Db; workspaceId: string }): Promise<SendableRow[]> {
  return queryRows(opts.db, sendableRow, sendableRows({ workspaceId: opts.workspaceId }));
}

/** Every address of the workspace's stored lists: a sub-select for another feature's statement. */
export const listAddresses = (workspaceId: string) => addressesOfLists({ workspaceId });

/** Each address's latest final verdict in the workspace's lists (never verified: absent). */
export function latestVerdictsOf(opts: { db: Db; workspaceId: string; emails: string[] }) {
  return queryRows(
    opts.db,
    verdictRow,
    latestVerdicts({ workspaceId: opts.workspaceId, emails: opts.emails }),
  );
}

/** Of these lower-cased addresses, those whose latest verdict in the workspace's lists is older than `before`. */
export async function verifiedBeforeAmong(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  before: Date;
}): Promise<string[]> {
  const rows = await queryRows(
    opts.db,
    emailRow,
    verifiedBefore({ workspaceId: opts.workspaceId, emails: opts.emails, before: opts.before }),
  );
  return rows.map((r) => r.email);
}
