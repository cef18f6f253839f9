import { sql } from 'drizzle-orm';

// What Smartlead sending asks of the database beyond single-table CRUD: its campaigns
// (smartlead_campaigns), the events they reported (send_events), reply categories (lead_categories),
// the fleet's rate window (smartlead_rate_slots, smartlead_rate_pauses), and the verdicts of the
// workspace's lists (uploads, upload_rows, upload_results) that decide what may be sent.

/** Whether the campaign is the workspace's: one row or none. */
export const ownCampaignRow = (p: { workspaceId: string; campaignId: string }) =>
  sql`SELECT smartlead_id FROM smartlead_campaigns WHERE id = ${p.campaignId} AND workspace_id = ${p.workspaceId}`;

/** Events per UTC day and kind between two dates (both included), of one campaign or all of them. */
export const eventsPerDay = (p: { workspaceId: string; from: string; to: string; campaignId?: string }) =>
  sql`SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, kind, count(*)::int AS n
      FROM send_events
      WHERE workspace_id = ${p.workspaceId}
        AND occurred_at >= ${`${p.from}T00:00:00Z`}::timestamptz
        AND occurred_at < (${`${p.to}T00:00:00Z`}::timestamptz + interval '1 day')
        ${p.campaignId ? sql`AND campaign_id = ${p.campaignId}` : sql``}
      GROUP BY 1, 2`;

/**
 * Each address's latest verdict in the workspace's lists (valid, risky or invalid), with its reason and
 * MX host: what the bounce budget projects from.
 */
export const latestVerdicts = (p: { workspaceId: string; emails: string[] }) =>
  sql`SELECT DISTINCT ON (lower(r.email)) lower(r.email) AS email, x.final_status,
        coalesce(x.step2_reason, x.reason) AS reason, coalesce(x.step2_mx_host, x.mx_host) AS mx
      FROM uploads u
      JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ANY(${sql.param(p.emails)}::text[])
      JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
      WHERE u.workspace_id = ${p.workspaceId} AND x.final_status IN ('valid', 'risky', 'invalid')
      ORDER BY lower(r.email), coalesce(x.step2_verified_at, x.verified_at) DESC`;

/** Of these addresses, those whose latest verdict in the workspace's lists is older than `before`. */
export const verifiedBefore = (p: { workspaceId: string; emails: string[]; before: Date }) =>
  sql`SELECT lower(r.email) AS email
      FROM uploads u
      JOIN upload_rows r ON r.upload_id = u.id AND lower(r.email) = ANY(${sql.param(p.emails)}::text[])
      JOIN upload_results x ON x.upload_id = r.upload_id AND x.row_index = r.row_index
      WHERE u.workspace_id = ${p.workspaceId} AND x.final_status IN ('valid', 'risky', 'invalid')
      GROUP BY lower(r.email)
      HAVING max(coalesce(x.step2_verified_at, x.verified_at)) < ${p.before}::timestamptz`;

/** The newest 500 replied leads (one row per campaign and address), filtered as the replies screen asks. */
export const repliedLeads = (p: {
  workspaceId: string;
  campaignId?: string;
  since?: string;
  /** A category id, 'none' for uncategorised leads, or undefined for all. */
  category?: number | 'none';
}) =>
  sql`SELECT e.campaign_id, c.name, e.email, max(e.occurred_at) AS replied_at,
        k.category_id, k.category_name
      FROM send_events e
      JOIN smartlead_campaigns c ON c.id = e.campaign_id
      LEFT JOIN lead_categories k ON k.campaign_id = e.campaign_id AND k.email = e.email
      WHERE e.workspace_id = ${p.workspaceId} AND e.kind = 'replied'
        ${p.campaignId ? sql`AND e.campaign_id = ${p.campaignId}` : sql``}
        ${p.since ? sql`AND e.occurred_at >= ${`${p.since}T00:00:00Z`}::timestamptz` : sql``}
        ${p.category === 'none' ? sql`AND k.category_id IS NULL` : p.category !== undefined ? sql`AND k.category_id = ${p.category}` : sql``}
      GROUP BY e.campaign_id, c.name, e.email, k.category_id, k.category_name
      ORDER BY replied_at DESC
      LIMIT 500`;

/** The category a lead of the campaign was given, if any. */
export const leadCategoryOf = (p: { campaignId: string; email: string }) =>
  sql`SELECT category_id, category_name FROM lead_categories
      WHERE campaign_id = ${p.campaignId} AND email = ${p.email}`;

/** Records (or changes) a lead's category. */
export const upsertLeadCategory = (p: {
  workspaceId: string;
  campaignId: string;
  email: string;
  categoryId: number;
  categoryName: string;
  at: Date;
}) => sql`
    INSERT INTO lead_categories (workspace_id, campaign_id, email, category_id, category_name, updated_at)
    VALUES (${p.workspaceId}, ${p.campaignId}, ${p.email}, ${p.categoryId}, ${p.categoryName}, ${p.at})
    ON CONFLICT (campaign_id, email) DO UPDATE SET category_id = excluded.category_id,
      category_name = excluded.category_name, updated_at = excluded.updated_at`;

/**
 * The rows of the workspace's lists that may be sent: valid ones, and risky ones whose risk is a
 * catch-all server or a role address, unsuppressed, with their upload and confidence inputs, newest
 * upload first.
 */
export const sendableRows = (p: { workspaceId: string }) => sql`
    SELECT r.id, r.email, r.name, r.company, r.data, x.final_status,
      CASE WHEN x.final_status = 'risky' THEN
        CASE WHEN coalesce(x.step2_reason, x.reason) = 'catch_all' THEN 'catch_all' ELSE 'role' END
      END AS reason,
      coalesce(x.step2_reason, x.reason) AS verdict_reason, coalesce(x.step2_mx_host, x.mx_host) AS mx,
      coalesce(x.step2_verified_at, x.verified_at) AS checked_at,
      u.id AS upload_id, u.original_name AS upload_name, u.uploaded_at, u.headers,
      (u.name_columns || jsonb_build_array(u.email_column) || coalesce(jsonb_build_array(u.company_column), '[]'::jsonb)) AS skip
    FROM uploads u
    JOIN upload_results x ON x.upload_id = u.id AND (
      x.final_status = 'valid' OR (x.final_status = 'risky' AND (
        coalesce(x.step2_reason, x.reason) = 'catch_all' OR x.role OR coalesce(x.step2_reason, x.reason) = 'role')))
    JOIN upload_rows r ON r.upload_id = x.upload_id AND r.row_index = x.row_index
    WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'
      AND NOT EXISTS (SELECT 1 FROM suppressions s WHERE s.workspace_id = u.workspace_id AND s.email = lower(r.email))
    ORDER BY u.uploaded_at DESC, u.id, x.row_index`;

/** How many distinct addresses of the workspace's lists each suppression reason holds back. */
export const heldBackByReason = (p: { workspaceId: string }) => sql`
    SELECT s.reason, count(DISTINCT s.email)::int AS count
    FROM uploads u
    JOIN upload_rows r ON r.upload_id = u.id
    JOIN suppressions s ON s.workspace_id = u.workspace_id AND s.email = lower(r.email)
    WHERE u.workspace_id = ${p.workspaceId} AND u.status <> 'uploading'
    GROUP BY s.reason ORDER BY s.reason`;

/** Serialises the fleet's requests with one key until the transaction ends. */
export const lockRateKey = (p: { keyHash: string }) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`smartlead-rate:${p.keyHash}`}))`;

/** Forgets the key's slots older than the window. */
export const dropOldSlots = (p: { keyHash: string; windowS: number }) =>
  sql`DELETE FROM smartlead_rate_slots WHERE key_hash = ${p.keyHash} AND at < now() - make_interval(secs => ${p.windowS})`;

/**
 * The key's window: slots taken, milliseconds until its oldest slot leaves the window, and
 * milliseconds left of a pause after a 429 (null when none).
 */
export const rateWindow = (p: { keyHash: string; windowS: number }) =>
  sql`SELECT count(*)::int AS n,
        (extract(epoch FROM min(at) + make_interval(secs => ${p.windowS}) - now()) * 1000)::float8 AS wait_ms,
        (SELECT (extract(epoch FROM until - now()) * 1000)::float8 FROM smartlead_rate_pauses
          WHERE key_hash = ${p.keyHash} AND until > now()) AS paused_ms
      FROM smartlead_rate_slots WHERE key_hash = ${p.keyHash}`;

/** Takes a slot, held for at most `inFlightS` while its request is out. */
export const takeSlot = (p: { keyHash: string; inFlightS: number }) =>
  sql`INSERT INTO smartlead_rate_slots (key_hash, at)
      VALUES (${p.keyHash}, now() + make_interval(secs => ${p.inFlightS})) RETURNING id`;

/** The answer came: the slot's window counts from now. */
export const answeredSlot = (p: { id: string }) =>
  sql`UPDATE smartlead_rate_slots SET at = now() WHERE id = ${p.id}`;

/** After a 429: the key rests for `ms` in every process (a longer rest already set is kept). */
export const pauseKey = (p: { keyHash: string; ms: number }) => sql`
    INSERT INTO smartlead_rate_pauses (key_hash, until) VALUES (${p.keyHash}, now() + make_interval(secs => ${p.ms / 1000}))
    ON CONFLICT (key_hash) DO UPDATE SET until = greatest(smartlead_rate_pauses.until, excluded.until)`;
