import { and, eq, isNotNull } from 'drizzle-orm';
import { SmartleadError } from '../connection/client';
import { type SmartleadDeps, smartleadClientFor } from '../connection/client-for';
import { smartleadCampaigns } from '../schema';
import { campaignEmailAccounts } from './remote';

/**
 * What the listing does not say about campaigns just imported, read after the import has answered (a
 * job): each one's lead count (its analytics) and sending accounts, for Email Accounts' "used by". Two
 * requests per campaign, which Smartlead's rate limit (10 requests per 2 s) makes about 40 s for 100
 * campaigns, too long to keep the import dialog waiting. Until then the campaigns list shows the count
 * from the analytics it reads itself. Safe to run twice: it writes what Smartlead says.
 */
export async function readImportedDetails(opts: SmartleadDeps & { smartleadIds: number[] }): Promise<number> {
  const client = await smartleadClientFor({ ...opts, caller: 'background' });
  let read = 0;
  for (const id of opts.smartleadIds) {
    let total: number;
    let accounts: number[];
    try {
      total = Number((await client.analytics(id)).total_count ?? 0) || 0;
      accounts = (await campaignEmailAccounts(client, id)).map((a) => a.id);
    } catch (err) {
      // Deleted in Smartlead since: nothing to count; the others still are.
      if (err instanceof SmartleadError && err.kind === 'not_found') continue;
      throw err;
    }
    await opts.db
      .update(smartleadCampaigns)
      .set({ totalLeads: total, sendingAccountIds: accounts })
      .where(
        and(
          eq(smartleadCampaigns.workspaceId, opts.workspaceId),
          eq(smartleadCampaigns.smartleadId, id),
          isNotNull(smartleadCampaigns.importedAt),
        ),
      );
    read++;
  }
  return read;
}
