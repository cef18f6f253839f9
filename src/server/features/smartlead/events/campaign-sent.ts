import { eq } from 'drizzle-orm';
import type { JobContext } from '../../../platform/jobs/registry';
import { emitWebhookEvent } from '../../webhooks';
import { smartleadCampaigns } from '../schema';

/**
 * The campaign.sent webhook event (smartlead reads its own campaign; webhooks only delivers): a send to Smartlead finished (every batch confirmed). Emitted by the send job when
 * runSend reports completion; the event key (the campaign id) makes a re-run of a finished send
 * harmless. Never throws: the send itself is done whatever happens here.
 */
export async function notifyCampaignSent(opts: { ctx: JobContext; campaignId: string }): Promise<void> {
  const { ctx, campaignId } = opts;
  try {
    const [c] = await ctx.database.db
      .select()
      .from(smartleadCampaigns)
      .where(eq(smartleadCampaigns.id, campaignId));
    if (c?.state !== 'completed') return;
    await emitWebhookEvent({
      db: ctx.database.db,
      queue: ctx.queue,
      workspaceId: c.workspaceId,
      type: 'campaign.sent',
      key: `campaign.sent:${c.id}`,
      data: {
        campaign: {
          id: c.id,
          name: c.name,
          smartleadId: c.smartleadId,
          totalLeads: c.totalLeads,
          added: c.addedCount,
          duplicates: c.duplicateCount,
          invalid: c.invalidCount,
          completedAt: c.completedAt?.toISOString() ?? null,
        },
      },
    });
  } catch (err) {
    ctx.log.error({ err, campaignId }, 'campaign webhook event not recorded');
  }
}
