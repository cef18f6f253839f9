import { and, eq } from 'drizzle-orm';
import type { SendProgress } from '../../../../shared/smartlead';
import type { Db } from '../../../platform/db/client';
import { conflict, notFound } from '../../../platform/http/errors';
import type { SmartleadClient } from '../connection/client';
import { smartleadCampaigns } from '../schema';

export type CampaignRow = typeof smartleadCampaigns.$inferSelect;

/**
 * The Smartlead campaign of this send, created at most once: its id is stored before any lead is sent.
 * If an earlier attempt's answer was lost (timeout after Smartlead created it), the campaign made then is
 * found by name and creation time instead of creating a second one. The caller holds the lease.
 */
export async function ensureRemoteCampaign(opts: {
  db: Db;
  client: SmartleadClient;
  campaign: CampaignRow;
  now: Date;
}): Promise<number> {
  const { db, client, campaign } = opts;
  if (campaign.smartleadId !== null) return campaign.smartleadId;
  if (campaign.createAttemptedAt) {
    const since = campaign.createAttemptedAt.getTime() - 5 * 60_000;
    const taken = new Set(
      (
        await db
          .select({ id: smartleadCampaigns.smartleadId })
          .from(smartleadCampaigns)
          .where(eq(smartleadCampaigns.workspaceId, campaign.workspaceId))
      ).map((r) => r.id),
    );
    const match = (await client.listCampaigns()).find(
      (c) =>
        c.name === campaign.name && !taken.has(c.id) && (!c.created_at || Date.parse(c.created_at) >= since),
    );
    if (match) return storeRemoteId({ db, campaignId: campaign.id, smartleadId: match.id, now: opts.now });
  }
  await db
    .update(smartleadCampaigns)
    .set({ createAttemptedAt: opts.now })
    .where(eq(smartleadCampaigns.id, campaign.id));
  const created = await client.createCampaign(campaign.name);
  return storeRemoteId({ db, campaignId: campaign.id, smartleadId: created.id, now: opts.now });
}

async function storeRemoteId(opts: { db: Db; campaignId: string; smartleadId: number; now: Date }) {
  await opts.db
    .update(smartleadCampaigns)
    .set({ smartleadId: opts.smartleadId, updatedAt: opts.now })
    .where(eq(smartleadCampaigns.id, opts.campaignId));
  return opts.smartleadId;
}

export async function findCampaign(opts: {
  db: Db;
  workspaceId: string;
  id: string;
}): Promise<CampaignRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(opts.id)) return null;
  const [row] = await opts.db
    .select()
    .from(smartleadCampaigns)
    .where(and(eq(smartleadCampaigns.id, opts.id), eq(smartleadCampaigns.workspaceId, opts.workspaceId)));
  return row ?? null;
}

/** The workspace's campaign, or 404 (another workspace's campaign is not found either). */
export async function findOwnCampaign(opts: {
  db: Db;
  workspaceId: string;
  id: string;
}): Promise<CampaignRow> {
  const row = await findCampaign(opts);
  if (!row) throw notFound('Campaign not found');
  return row;
}

/** The campaign's id in Smartlead, or 409 while it has not been created there yet. */
export function inSmartlead(row: CampaignRow): number {
  if (row.smartleadId === null) throw conflict('This campaign has not been created in Smartlead yet.');
  return row.smartleadId;
}

export function sendProgress(row: CampaignRow): SendProgress {
  return {
    id: row.id,
    state: row.state,
    totalLeads: row.totalLeads,
    batchCount: row.batchCount,
    batchesDone: row.batchesDone,
    leadsProcessed: row.leadsProcessed,
    added: row.addedCount,
    duplicates: row.duplicateCount,
    invalid: row.invalidCount,
    recheck: {
      checked: row.recheckedCount,
      heldInvalid: row.recheckInvalidCount,
      unanswered: row.recheckUnansweredCount,
      heldUnchecked: row.recheckHeldUncheckedCount,
      waiting: row.recheckUnchecked
        ? { count: row.recheckUnchecked.length, why: row.recheckWhy ?? 'It could not be checked.' }
        : null,
    },
    error: row.error,
  };
}
