import { and, eq } from 'drizzle-orm';
import type { CampaignSetup } from '../../../../shared/email-automation';
import { LEADS_PER_BATCH } from '../../../../shared/smartlead';
import type { Db } from '../../../platform/db/client';
import type { CampaignRow } from '../campaigns/campaigns';
import { type StoredLead, smartleadCampaignLeads, smartleadCampaigns, smartleadSendBatches } from '../schema';

// A send's rows: the campaign row, its batches of leads and its address list, and the lease on who works
// it; written by a new campaign's send (start.ts) and by leads added to a campaign (add-leads.ts).

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
