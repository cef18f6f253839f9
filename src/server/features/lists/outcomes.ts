import { sql } from 'drizzle-orm';
import type { SendHistory } from '../../../shared/score';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
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
  const changed = await query<{ id: string; n: number }>(
    opts.db,
    sql`
    WITH hit AS (
      SELECT x.upload_id, x.row_index, x.final_status AS old
      FROM uploads u
      JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ${opts.email.toLowerCase()}
      JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
      WHERE u.workspace_id = ${opts.workspaceId} AND u.status <> 'uploading'
        AND x.status = 'valid' AND (x.step2_status = 'risky'
          OR (x.step2_status = 'valid' AND x.step2_verified_at <= ${opts.bouncedAt}::timestamptz))
    ), upd AS (
      UPDATE upload_results x SET step2_status = 'invalid', step2_reason = 'bounced', final_status = 'invalid',
        decided_by = 'send_outcome'
      FROM hit
      WHERE x.upload_id = hit.upload_id AND x.row_index = hit.row_index AND x.step2_status IN ('valid', 'risky')
      RETURNING x.upload_id, hit.old
    ), c AS (
      SELECT upload_id, count(*)::int AS n, count(*) FILTER (WHERE old = 'valid')::int AS nv,
        count(*) FILTER (WHERE old = 'risky')::int AS nr
      FROM upd GROUP BY upload_id
    )
    UPDATE uploads u SET valid = u.valid - c.nv, risky = u.risky - c.nr, invalid = u.invalid + c.n
    FROM c WHERE u.id = c.upload_id
    RETURNING u.id, c.n`,
  );
  // The search+filter copy of these uploads' statuses is versioned by the run's counters, which a
  // bounce does not move: drop it so the next filtered search reads the new statuses.
  for (const u of changed) forgetStatuses(u.id);
  return changed.reduce((n, u) => n + Number(u.n), 0);
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
  const [row] = await query<{ reason: string | null; mx_host: string | null }>(
    opts.db,
    sql`
    SELECT coalesce(x.step2_reason, x.reason) AS reason, coalesce(x.step2_mx_host, x.mx_host) AS mx_host
    FROM uploads u
    JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ${opts.email.toLowerCase()}
    JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
    WHERE u.workspace_id = ${opts.workspaceId} AND u.status <> 'uploading' AND x.final_status <> 'pending'
    ORDER BY coalesce(x.step2_verified_at, x.verified_at) DESC
    LIMIT 1`,
  );
  return row ? { reason: row.reason, mxHost: row.mx_host } : null;
}

/** Sent rows the lists called "accepted", and their bounces, over the whole workspace (decision 0221). */
export async function acceptedHistory(opts: { db: Db; workspaceId: string }): Promise<SendHistory> {
  const [row] = await query<{ sent: number; bounced: number }>(
    opts.db,
    sql`SELECT count(*)::int AS sent, count(bounced_at)::int AS bounced
      FROM send_outcomes WHERE workspace_id = ${opts.workspaceId} AND accepted`,
  );
  return { sent: Number(row?.sent ?? 0), bounced: Number(row?.bounced ?? 0) };
}

/** Sent catch-all rows and their bounces, per domain and per provider (the score's calibration). */
export async function catchAllHistory(opts: {
  db: Db;
  workspaceId: string;
  domains: string[];
  providers: string[];
}) {
  const domains = new Map<string, SendHistory>();
  const providers = new Map<string, SendHistory>();
  if (opts.domains.length) {
    const rows = await query<{ k: string; sent: number; bounced: number }>(
      opts.db,
      sql`SELECT split_part(email, '@', 2) AS k, count(*)::int AS sent, count(bounced_at)::int AS bounced
        FROM send_outcomes
        WHERE workspace_id = ${opts.workspaceId} AND catch_all
          AND split_part(email, '@', 2) = ANY(${sql.param(opts.domains)}::text[])
        GROUP BY 1`,
    );
    for (const r of rows) domains.set(r.k, { sent: Number(r.sent), bounced: Number(r.bounced) });
  }
  if (opts.providers.length) {
    const rows = await query<{ k: string; sent: number; bounced: number }>(
      opts.db,
      sql`SELECT provider AS k, count(*)::int AS sent, count(bounced_at)::int AS bounced
        FROM send_outcomes
        WHERE workspace_id = ${opts.workspaceId} AND catch_all AND provider = ANY(${sql.param(opts.providers)}::text[])
        GROUP BY 1`,
    );
    for (const r of rows) providers.set(r.k, { sent: Number(r.sent), bounced: Number(r.bounced) });
  }
  return { domains, providers };
}
