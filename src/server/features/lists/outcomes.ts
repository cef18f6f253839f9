import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { bounceRows, latestVerdictOf, rowsAtDomain } from './queries/outcomes';
import { forgetStatuses } from './status-cache';

// What a send outcome changes in the workspace's lists (decision 0220).
// A hard bounce makes the address invalid (reason `bounced`) in every list of the workspace, until a
// fresh SMTP answer says otherwise. Here: the rows already verified before the bounce; the rows
// verified after it get the same treatment where step 2's answers are written (results-write.ts).

/**
 * Rows of the workspace with this address turn invalid/bounced: risky ones (a catch-all's yes says
 * nothing against a bounce) and valid ones whose SMTP answer predates the bounce (a later valid answer
 * is the fresh answer that says otherwise), and their uploads' counters move with them in the same statement. Rows still waiting
 * for step 2 are left to it; rows already invalid keep their own reason. Safe to run twice.
 */
export async function applyBounce(opts: {
  db: Db;
  workspaceId: string;
  email: string;
  bouncedAt: Date;
}): Promise<number> {
  const changed = await queryRows(
    opts.db,
    z.object({ id: z.string(), n: dbInt }),
    bounceRows({ email: opts.email.toLowerCase(), workspaceId: opts.workspaceId, bouncedAt: opts.bouncedAt }),
  );
  // The search+filter copy of these uploads' statuses is versioned by the run's counters, which a
  // bounce does not move: drop it so the next filtered search reads the new statuses.
  for (const u of changed) forgetStatuses(u.id);
  return changed.reduce((n, u) => n + u.n, 0);
}

/**
 * What the workspace's lists last said about an address (its most recent SMTP verdict): the reason and
 * the mail server asked. Read before a bounce rewrites the reason, for the score's calibration.
 */
export async function latestVerdict(opts: {
  db: Db;
  workspaceId: string;
  email: string;
}): Promise<{ reason: string | null; mxHost: string | null } | null> {
  const [row] = await queryRows(
    opts.db,
    z.object({ reason: z.string().nullable(), mx_host: z.string().nullable() }),
    latestVerdictOf({ email: opts.email.toLowerCase(), workspaceId: opts.workspaceId }),
  );
  return row ? { reason: row.reason, mxHost: row.mx_host } : null;
}

/** One of the workspace's addresses at a domain, with the name its list gives it and its verdict. */
const domainRow = z.object({
  email: z.string(),
  name: z.string().nullable(),
  status: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DomainRow = z.output<typeof domainRow>;

/** The workspace's own addresses at a domain, with the names its lists give them (the finder's evidence). */
export async function workspaceRowsAtDomain(opts: {
  db: Db;
  workspaceId: string;
  domain: string;
}): Promise<DomainRow[]> {
  return queryRows(
    opts.db,
    domainRow,
    rowsAtDomain({ workspaceId: opts.workspaceId, domain: opts.domain, limit: 200 }),
  );
}
