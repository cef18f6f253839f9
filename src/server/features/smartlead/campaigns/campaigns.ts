import { and, eq } from 'drizzle-orm';
import type { CampaignSetup } from '../../../../shared/email-automation';
import { LEADS_PER_BATCH, type SendProgress } from '../../../../shared/smartlead';
import type { Db } from '../../../platform/db/client';
import type { SmartleadClient } from '../connection/client';
import { type StoredLead, smartleadCampaignLeads, smartleadCampaigns, smartleadSendBatches } from '../schema';

export type CampaignRow = typeof smartleadCampaigns.$inferSelect;

/** How long one process may work a send before another may take over (renewed after every batch). */
export const LEASE_MS = 5 * 60_000;

/** One lead per address (case-insensitive), in the order given. */
export function dedupeLeads(leads: StoredLead[]): StoredLead[] {
  const seen = new Set<string>();
  return leads.filter((l) => {
    const key = l.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Records a send: the campaign row and its batches, in one transaction. The unique (workspace, idempotency key)
 * makes a retried request return the existing campaign (`created: false`) instead of a second one. The new
 * row is leased to the caller, which creates the Smartlead campaign before anything else may touch it.
 */
export async function recordSend(opts: {
  db: Db;
  workspaceId: string;
  name: string;
  leads: StoredLead[];
  idempotencyKey: string;
  now: Date;
  setup?: CampaignSetup;
  start?: boolean;
}): Promise<{ campaign: CampaignRow; created: boolean }> {
  const leads = dedupeLeads(opts.leads);
  const batches: StoredLead[][] = [];
  for (let i = 0; i < leads.length; i += LEADS_PER_BATCH) batches.push(leads.slice(i, i + LEADS_PER_BATCH));
  return opts.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(smartleadCampaigns)
      .values({
        workspaceId: opts.workspaceId,
        name: opts.name,
        idempotencyKey: opts.idempotencyKey,
        totalLeads: leads.length,
        // The same address picked twice (e.g. from two uploads) is sent once and reported as a duplicate.
        duplicateCount: opts.leads.length - leads.length,
        batchCount: batches.length,
        leaseUntil: new Date(opts.now.getTime() + LEASE_MS),
        createdAt: opts.now,
        updatedAt: opts.now,
        setup: opts.setup ?? null,
        startRequested: Boolean(opts.start && opts.setup),
      })
      .onConflictDoNothing({ target: [smartleadCampaigns.workspaceId, smartleadCampaigns.idempotencyKey] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(smartleadCampaigns)
        .where(
          and(
            eq(smartleadCampaigns.workspaceId, opts.workspaceId),
            eq(smartleadCampaigns.idempotencyKey, opts.idempotencyKey),
          ),
        );
      return { campaign: existing!, created: false };
    }
    await insertBatches(tx as unknown as Db, {
      campaignId: inserted.id,
      workspaceId: opts.workspaceId,
      batches,
      firstSeq: 0,
    });
    return { campaign: inserted, created: true };
  });
}

/** A send's batches and its address list (for the "already sent" warning), in chunks. */
export async function insertBatches(
  db: Db,
  opts: { campaignId: string; workspaceId: string; batches: StoredLead[][]; firstSeq: number },
) {
  // Chunked so a 50,000-lead send is a few statements, not one enormous one.
  for (let i = 0; i < opts.batches.length; i += 50) {
    await db.insert(smartleadSendBatches).values(
      opts.batches.slice(i, i + 50).map((b, j) => ({
        campaignId: opts.campaignId,
        seq: opts.firstSeq + i + j,
        leads: b,
        leadCount: b.length,
      })),
    );
  }
  const emails = opts.batches.flat().map((l) => l.email.trim().toLowerCase());
  for (let i = 0; i < emails.length; i += 1000) {
    await db
      .insert(smartleadCampaignLeads)
      .values(
        emails
          .slice(i, i + 1000)
          .map((email) => ({ campaignId: opts.campaignId, workspaceId: opts.workspaceId, email })),
      )
      .onConflictDoNothing();
  }
}

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
