import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import type { SmartleadClient } from '../connection/client';
import { smartleadCampaigns } from '../schema';
import type { CampaignRow } from './campaigns';
import { addEmailAccounts, saveSchedule, saveSequences } from './remote';

/**
 * Applies a send's sequence, sending accounts and schedule to its Smartlead campaign, once: done before
 * any lead goes in, so the campaign is complete in Smartlead whatever happens to the lead batches.
 * Each call replaces what it sets, so a repeat after a failure half-way is harmless.
 */
export async function applyCampaignSetup(opts: {
  db: Db;
  client: SmartleadClient;
  campaign: CampaignRow;
  smartleadId: number;
  now: () => Date;
}): Promise<void> {
  const { campaign, client, smartleadId } = opts;
  if (!campaign.setup || campaign.setupDoneAt) return;
  await saveSequences(client, smartleadId, campaign.setup.steps);
  await addEmailAccounts(client, smartleadId, campaign.setup.emailAccountIds);
  await saveSchedule(client, smartleadId, campaign.setup.schedule);
  await opts.db
    .update(smartleadCampaigns)
    .set({ setupDoneAt: opts.now() })
    .where(eq(smartleadCampaigns.id, campaign.id));
}
