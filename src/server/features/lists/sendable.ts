import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { notFound } from '../../platform/http/errors';
import {
  addressesOfLists,
  latestVerdicts,
  ownedOfSelection,
  type RowSelection,
  sendableLeadRows,
  sendableRows,
  verifiedBefore,
} from './queries/sending';
import { uploads } from './schema';

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
/** A list or row of a send's selection that is the workspace's. */
const ownedRow = z.object({ kind: z.enum(['upload', 'row']), id: z.string() });
/** A sendable row of a send's selection, before its list's headers are added. */
const leadRow = sendableRow.pick({
  email: true,
  name: true,
  company: true,
  data: true,
  final_status: true,
  upload_id: true,
});

/**
 * The rows of the workspace's lists that may go to Smartlead: valid ones, and risky ones whose risk is a
 * catch-all server or a role address, leaving out suppressed addresses; newest upload first.
 */
export function sendableRowsOf(opts: { db: Db; workspaceId: string }): Promise<SendableRow[]> {
  return queryRows(opts.db, sendableRow, sendableRows({ workspaceId: opts.workspaceId }));
}

/** A sendable row with what a lead is built from: its list's headers and the columns to skip. */
export type SendableLeadRow = Pick<
  SendableRow,
  'email' | 'name' | 'company' | 'data' | 'final_status' | 'upload_id' | 'headers' | 'skip'
>;

/**
 * The sendable rows (as sendableRowsOf) of the lists and rows a send names, newest list first. A list or
 * row that is not the workspace's (another workspace's, or none) answers 404, the same for both, before
 * anything is read.
 */
export async function sendableRowsAmong(opts: {
  db: Db;
  workspaceId: string;
  among: RowSelection;
}): Promise<SendableLeadRow[]> {
  const uploadIds = opts.among.uploadIds.map((id) => id.toLowerCase());
  const among = { uploadIds: [...new Set(uploadIds)], rowIds: [...new Set(opts.among.rowIds)] };
  const owned = await queryRows(
    opts.db,
    ownedRow,
    ownedOfSelection({ workspaceId: opts.workspaceId, among }),
  );
  const count = (kind: string) => owned.filter((o) => o.kind === kind).length;
  if (count('upload') < among.uploadIds.length) throw notFound('List not found');
  if (count('row') < among.rowIds.length) throw notFound('Row not found');
  const rows = await queryRows(opts.db, leadRow, sendableLeadRows({ workspaceId: opts.workspaceId, among }));
  // Each list's headers and the columns that are its email, name and company (not custom fields).
  const lists = [...new Set(rows.map((r) => r.upload_id))];
  const columns = new Map(
    (
      await opts.db
        .select({
          id: uploads.id,
          headers: uploads.headers,
          emailColumn: uploads.emailColumn,
          nameColumns: uploads.nameColumns,
          companyColumn: uploads.companyColumn,
        })
        .from(uploads)
        .where(and(eq(uploads.workspaceId, opts.workspaceId), inArray(uploads.id, lists)))
    ).map((u) => [
      u.id,
      {
        headers: u.headers,
        skip: [...u.nameColumns, u.emailColumn, ...(u.companyColumn === null ? [] : [u.companyColumn])],
      },
    ]),
  );
  return rows.map((r) => ({
    ...r,
    headers: columns.get(r.upload_id)?.headers ?? [],
    skip: columns.get(r.upload_id)?.skip ?? [],
  }));
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
