import { eq, sql } from 'drizzle-orm';
import { LEADS_PER_BATCH, type LeadInput, leadSchema } from '../../../../shared/smartlead';
import type { Db } from '../../../platform/db/client';
import type { JobSender } from '../../../platform/jobs/registry';
import { findOwnCampaign, inSmartlead } from '../campaigns/campaigns';
import { SMARTLEAD_SEND_JOB } from '../jobs';
import { smartleadCampaigns, smartleadSendBatches } from '../schema';
import { assertWithinBounceBudget } from './bounce-budget';
import { dedupeLeads, insertBatches } from './send-record';

// Adding leads to a campaign already in Smartlead is a send: it is held to the same bounce budget and
// worked by the same job as the campaign's first leads.

/**
 * More leads for an existing campaign (from a verified list): appended as new batches of the same send
 * and worked by the same job, so they get the same exactly-once and resume guarantees.
 */
export async function addLeadsToCampaign(opts: {
  db: Db;
  queue: JobSender;
  workspaceId: string;
  id: string;
  emails: LeadInput[];
  bounceBudget?: number;
  now: Date;
}): Promise<{ added: number }> {
  const row = await findOwnCampaign(opts);
  inSmartlead(row);
  await assertWithinBounceBudget({
    db: opts.db,
    workspaceId: opts.workspaceId,
    emails: opts.emails.map((e) => e.email),
    budget: opts.bounceBudget,
  });
  const leads = dedupeLeads(opts.emails.map((e) => leadSchema.parse(e)));
  const batches: (typeof leads)[] = [];
  for (let i = 0; i < leads.length; i += LEADS_PER_BATCH) batches.push(leads.slice(i, i + LEADS_PER_BATCH));
  await opts.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [{ next }] = (await db
      .select({ next: sql<number>`coalesce(max(${smartleadSendBatches.seq}) + 1, 0)` })
      .from(smartleadSendBatches)
      .where(eq(smartleadSendBatches.campaignId, row.id))) as [{ next: number }];
    await insertBatches(db, {
      campaignId: row.id,
      workspaceId: opts.workspaceId,
      batches,
      firstSeq: Number(next),
    });
    await db
      .update(smartleadCampaigns)
      .set({
        state: 'queued',
        error: null,
        completedAt: null,
        totalLeads: sql`${smartleadCampaigns.totalLeads} + ${leads.length}`,
        // The added leads are re-checked too before they go (decision 0221).
        recheckDoneAt: null,
        batchCount: sql`${smartleadCampaigns.batchCount} + ${batches.length}`,
        updatedAt: opts.now,
      })
      .where(eq(smartleadCampaigns.id, row.id));
  });
  await opts.queue.send(SMARTLEAD_SEND_JOB, { campaignId: row.id }, { singletonKey: row.id });
  return { added: leads.length };
}
