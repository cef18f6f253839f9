import { and, eq, inArray } from 'drizzle-orm';
import type { SendableEmail } from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { notFound } from '../../platform/http/errors';
import { validRowsOf } from './queries/results';
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

/**
 * The workspace's addresses whose final status is valid (only those are offered for sending),
 * newest upload first, each with its upload's name and date. Used by the Smartlead feature.
 */
export async function listSendableEmails(opts: { db: Db; workspaceId: string }): Promise<SendableEmail[]> {
  const rows = await query<{
    id: string | number;
    email: string;
    name: string | null;
    company: string | null;
    upload_id: string;
    upload_name: string;
    uploaded_at: string | Date;
  }>(opts.db, validRowsOf({ workspaceId: opts.workspaceId }));
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    name: r.name,
    company: r.company,
    uploadId: r.upload_id,
    uploadName: r.upload_name,
    uploadDate: new Date(r.uploaded_at).toISOString(),
    status: 'valid' as const,
  }));
}

/** A row that may be sent, with its upload and what its confidence score is computed from. */
export interface SendableRow {
  id: string | number;
  email: string;
  name: string | null;
  company: string | null;
  data: string[];
  final_status: 'valid' | 'risky';
  reason: string | null;
  verdict_reason: string | null;
  mx: string | null;
  checked_at: string | Date | null;
  upload_id: string;
  upload_name: string;
  uploaded_at: string | Date;
  headers: string[];
  skip: number[];
}

/**
 * The rows of the workspace's lists that may go to Smartlead: valid ones, and risky ones whose risk is a
 * catch-all server or a role address, leaving out suppressed addresses; newest upload first.
 */
export function sendableRowsOf(opts: { db: Db; workspaceId: string }): Promise<SendableRow[]> {
  return query<SendableRow>(opts.db, sendableRows({ workspaceId: opts.workspaceId }));
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
  const owned = await query<{ kind: 'upload' | 'row'; id: string }>(
    opts.db,
    ownedOfSelection({ workspaceId: opts.workspaceId, among }),
  );
  const count = (kind: string) => owned.filter((o) => o.kind === kind).length;
  if (count('upload') < among.uploadIds.length) throw notFound('List not found');
  if (count('row') < among.rowIds.length) throw notFound('Row not found');
  const rows = await query<Omit<SendableLeadRow, 'headers' | 'skip'>>(
    opts.db,
    sendableLeadRows({ workspaceId: opts.workspaceId, among }),
  );
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
  return query<{
    email: string;
    final_status: 'valid' | 'risky' | 'invalid';
    reason: string | null;
    mx: string | null;
  }>(opts.db, latestVerdicts({ workspaceId: opts.workspaceId, emails: opts.emails }));
}

/** Of these lower-cased addresses, those whose latest verdict in the workspace's lists is older than `before`. */
export async function verifiedBeforeAmong(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  before: Date;
}): Promise<string[]> {
  const rows = await query<{ email: string }>(
    opts.db,
    verifiedBefore({ workspaceId: opts.workspaceId, emails: opts.emails, before: opts.before }),
  );
  return rows.map((r) => r.email);
}
