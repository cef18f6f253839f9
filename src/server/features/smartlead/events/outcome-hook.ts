import { eq } from 'drizzle-orm';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import type { SmartleadClient } from '../connection/client';
import { smartleadCampaigns } from '../schema';
import { ensureEventHook, eventHookUrl } from './event-hook';
import { registerCampaignWebhook } from './outcome-remote';

/**
 * Registers the workspace's events URL on the campaign, once, when this deployment has a PUBLIC_URL
 * (without one Smartlead could not reach us; the poll then covers the campaign alone). A failure is
 * not the send's: the send goes on, the poll covers the campaign, and the next run of the send tries again.
 */
export async function registerOutcomeHook(opts: {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'ENCRYPTION_KEY' | 'dataDir'>;
  client: SmartleadClient;
  campaign: { id: string; workspaceId: string; webhookRegisteredAt: Date | null };
  smartleadId: number;
  now: Date;
}): Promise<boolean> {
  const { db, config, campaign } = opts;
  if (!config.PUBLIC_URL || campaign.webhookRegisteredAt) return false;
  try {
    const hook = await ensureEventHook({ db, config, workspaceId: campaign.workspaceId });
    await registerCampaignWebhook(opts.client, opts.smartleadId, eventHookUrl(config.PUBLIC_URL, hook));
  } catch {
    return false;
  }
  await db
    .update(smartleadCampaigns)
    .set({ webhookRegisteredAt: opts.now })
    .where(eq(smartleadCampaigns.id, campaign.id));
  return true;
}
