import { eq } from 'drizzle-orm';
import type { EmailAccount } from '../../../../shared/email-automation';
import type { Db } from '../../../platform/db/client';
import type { Sleep } from '../../../platform/retry';
import { listEmailAccounts, type RemoteAccount } from '../campaigns/remote';
import { type SmartleadConfig, smartleadClientFor } from '../connection/client-for';
import { smartleadCampaigns } from '../schema';

export function accountView(a: RemoteAccount, usedBy: EmailAccount['usedBy'] = []): EmailAccount {
  return {
    id: a.id,
    fromEmail: a.from_email ?? '',
    fromName: a.from_name ?? '',
    type: a.type ?? 'SMTP',
    dailyLimit: a.message_per_day,
    sentToday: a.daily_sent_count,
    warmupStatus: a.warmup_details?.status ?? null,
    warmupReputation: a.warmup_details?.warmup_reputation ?? null,
    // Smartlead adds only connected mailboxes to a campaign; unknown counts as connected.
    connected: a.is_smtp_success !== false && a.is_imap_success !== false,
    campaignCount: a.campaign_count,
    usedBy,
  };
}

/**
 * The workspace's sending mailboxes in Smartlead, each with the workspace's campaigns that send from it:
 * from the setup each send applied, or for an imported campaign the accounts read after its import.
 */
export async function emailAccounts(opts: {
  db: Db;
  config: SmartleadConfig;
  workspaceId: string;
  sleep?: Sleep;
}): Promise<EmailAccount[]> {
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const remote = await listEmailAccounts(client);
  const rows = await opts.db
    .select({
      id: smartleadCampaigns.id,
      name: smartleadCampaigns.name,
      setup: smartleadCampaigns.setup,
      imported: smartleadCampaigns.sendingAccountIds,
    })
    .from(smartleadCampaigns)
    .where(eq(smartleadCampaigns.workspaceId, opts.workspaceId));
  const usedBy = new Map<number, EmailAccount['usedBy']>();
  for (const r of rows) {
    for (const id of r.setup?.emailAccountIds ?? r.imported ?? []) {
      usedBy.set(id, [...(usedBy.get(id) ?? []), { id: r.id, name: r.name }]);
    }
  }
  return remote.map((a) => accountView(a, usedBy.get(a.id) ?? []));
}
