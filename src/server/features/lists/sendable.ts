import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { addressesOfLists, latestVerdicts, sendableRows, verifiedBefore } from './queries/sending';

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
