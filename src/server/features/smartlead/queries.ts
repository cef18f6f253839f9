import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { sendEvents, smartleadCampaigns } from './schema';

// What Smartlead sending asks of the database: its campaigns
// (smartlead_campaigns), the events they reported (send_events), reply categories (lead_categories)
// and the fleet's rate window (smartlead_rate_slots, smartlead_rate_pauses). What the workspace's lists
// say about addresses to send is asked of lists (lists/sendable.ts).

/** The workspace's campaign: its Smartlead id (null until created there), or undefined when not its. */
export async function ownCampaignRow(db: Db, p: { workspaceId: string; campaignId: string }) {
  const [row] = await db
    .select({ smartleadId: smartleadCampaigns.smartleadId })
    .from(smartleadCampaigns)
    .where(and(eq(smartleadCampaigns.id, p.campaignId), eq(smartleadCampaigns.workspaceId, p.workspaceId)));
  return row;
}

/** Events per UTC day and kind between two dates (both included), of one campaign or all of them. */
export function eventsPerDay(
  db: Db,
  p: { workspaceId: string; from: string; to: string; campaignId?: string },
) {
  const day = sql<string>`to_char(${sendEvents.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, kind: sendEvents.kind, n: sql<number>`count(*)::int` })
    .from(sendEvents)
    .where(
      and(
        eq(sendEvents.workspaceId, p.workspaceId),
        gte(sendEvents.occurredAt, sql`${`${p.from}T00:00:00Z`}::timestamptz`),
        lt(sendEvents.occurredAt, sql`(${`${p.to}T00:00:00Z`}::timestamptz + interval '1 day')`),
        p.campaignId ? eq(sendEvents.campaignId, p.campaignId) : undefined,
      ),
    )
    .groupBy(day, sendEvents.kind);
}

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
