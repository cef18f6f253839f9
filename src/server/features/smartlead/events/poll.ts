import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import type { Sleep } from '../../../platform/retry';
import type { SmartleadClient } from '../connection/client';
import { type SmartleadConfig, smartleadClientFor } from '../connection/client-for';
import { sendEvents, smartleadCampaigns } from '../schema';
import { eventKey, type OutcomeEvent, takeInEvent } from './events';
import { campaignStatistics, type LeadStat } from './outcome-remote';

// The background poll of campaign statistics: the only source of outcomes when Smartlead cannot reach
// us (no PUBLIC_URL), and the net for webhook events that were lost. Events it finds go through the same
// intake as the webhook's, with the same keys, so an event seen both ways counts once.

/** Campaigns read per run (least recently read first), and how long after creation they are read. */
const CAMPAIGNS_PER_RUN = 20;
const POLL_DAYS = 60;
const MAX_PAGES = 100;

function eventsOf(row: LeadStat, smartleadCampaignId: number, now: Date): OutcomeEvent[] {
  const email = row.lead_email.trim().toLowerCase();
  const at = (v: string | null | undefined) => {
    const t = Date.parse(v ?? '');
    return Number.isFinite(t) ? new Date(t) : null;
  };
  const sent = at(row.sent_time);
  const step =
    row.sequence_number === null || row.sequence_number === undefined ? null : String(row.sequence_number);
  const base = { email, smartleadCampaignId, step };
  const out: OutcomeEvent[] = [];
  if (sent) out.push({ ...base, kind: 'sent', occurredAt: sent });
  // Statistics carry no bounce or unsubscribe time: the send's time is the closest known.
  if (row.is_bounced) out.push({ ...base, kind: 'bounced', step: null, occurredAt: sent ?? now });
  if (row.is_unsubscribed) out.push({ ...base, kind: 'unsubscribed', step: null, occurredAt: sent ?? now });
  const replied = at(row.reply_time);
  if (replied) out.push({ ...base, kind: 'replied', occurredAt: replied });
  const opened = at(row.open_time);
  if (opened) out.push({ ...base, kind: 'opened', occurredAt: opened });
  const clicked = at(row.click_time);
  if (clicked) out.push({ ...base, kind: 'clicked', occurredAt: clicked });
  return out;
}

async function knownEventKeys(opts: { db: Db; workspaceId: string; smartleadId: number }) {
  const rows = await opts.db
    .select({ key: sendEvents.eventKey })
    .from(sendEvents)
    .innerJoin(smartleadCampaigns, eq(smartleadCampaigns.id, sendEvents.campaignId))
    .where(
      and(eq(sendEvents.workspaceId, opts.workspaceId), eq(smartleadCampaigns.smartleadId, opts.smartleadId)),
    );
  return new Set(rows.map((r) => r.key));
}

/** Reads every page of one campaign's statistics into the intake; returns the events newly stored. */
async function pollCampaign(opts: {
  db: Db;
  client: SmartleadClient;
  workspaceId: string;
  smartleadId: number;
  now: Date;
}): Promise<number> {
  let stored = 0;
  // Every run reads the whole campaign again: events already taken in are skipped here, so a big
  // campaign costs one statement per run rather than one transaction per row.
  const known = await knownEventKeys(opts);
  for (let page = 0; page < MAX_PAGES; page++) {
    const { rows, full } = await campaignStatistics(opts.client, opts.smartleadId, page * 100);
    for (const row of rows) {
      for (const event of eventsOf(row, opts.smartleadId, opts.now)) {
        if (known.has(eventKey(event))) continue;
        const r = await takeInEvent({ ...opts, event, source: 'poll' });
        if (r.status === 'stored') stored++;
      }
    }
    if (!full) break;
  }
  return stored;
}

/**
 * One run of the poll: the campaigns read longest ago, never-read and newest first (a new campaign is
 * where bounces come from), among those sent from Verilead in the last POLL_DAYS days.
 * A workspace whose key is gone or refused is skipped; its campaigns are tried again next run.
 */
export async function pollOutcomes(opts: {
  db: Db;
  config: SmartleadConfig;
  now: Date;
  sleep?: Sleep;
}): Promise<{ campaigns: number; stored: number }> {
  const { db, now } = opts;
  const campaigns = await db
    .select({
      id: smartleadCampaigns.id,
      workspaceId: smartleadCampaigns.workspaceId,
      smartleadId: smartleadCampaigns.smartleadId,
    })
    .from(smartleadCampaigns)
    .where(
      and(
        isNotNull(smartleadCampaigns.smartleadId),
        gt(smartleadCampaigns.createdAt, new Date(now.getTime() - POLL_DAYS * 86_400_000)),
      ),
    )
    .orderBy(sql`${smartleadCampaigns.outcomesPolledAt} asc nulls first`, desc(smartleadCampaigns.createdAt))
    .limit(CAMPAIGNS_PER_RUN);
  const clients = new Map<string, SmartleadClient | null>();
  let stored = 0;
  let read = 0;
  for (const c of campaigns) {
    let client = clients.get(c.workspaceId);
    if (client === undefined) {
      client = await smartleadClientFor({
        db,
        config: opts.config,
        workspaceId: c.workspaceId,
        caller: 'background',
        now,
        sleep: opts.sleep,
      }).catch(() => null);
      clients.set(c.workspaceId, client);
    }
    // Marked as read even when it fails, so a campaign that keeps failing (key removed, campaign deleted
    // in Smartlead) goes to the back of the queue instead of holding the front of every run.
    await db.update(smartleadCampaigns).set({ outcomesPolledAt: now }).where(eq(smartleadCampaigns.id, c.id));
    if (!client) continue;
    try {
      stored += await pollCampaign({
        db,
        client,
        workspaceId: c.workspaceId,
        smartleadId: c.smartleadId!,
        now,
      });
      read++;
    } catch {
      // Smartlead down, key refused, campaign deleted: this campaign waits for its next turn.
    }
  }
  return { campaigns: read, stored };
}
