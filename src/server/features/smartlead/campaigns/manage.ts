import { eq } from 'drizzle-orm';
import type { CampaignPage } from '../../../../shared/campaign-edit';
import type { StatusAction } from '../../../../shared/email-automation';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import type { Sleep } from '../../../platform/retry';
import { SmartleadError } from '../connection/client';
import { smartleadClientFor } from '../connection/client-for';
import { accountView } from '../mailboxes/accounts';
import { smartleadCampaigns } from '../schema';
import { findOwnCampaign, inSmartlead } from './campaigns';
import { assertSendingDomainsPass } from './domain-gate';
import { campaignView } from './list';
import { campaignEmailAccounts, getSequences, listCampaignLeads, setStatus } from './remote';
import { getCampaignConfig } from './remote-campaign';

type SmartleadConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL' | 'SMARTLEAD_APP_URL'>;

/**
 * One campaign as Smartlead has it now: status and analytics, its sequence, sending accounts, settings,
 * schedule (read back from the campaign object, so an imported campaign or one edited in Smartlead's app
 * shows as it is; the one this send applied otherwise) and the first page of leads with their statuses.
 * When Smartlead cannot be asked, the local part is returned with the reason.
 */
export async function campaignDetail(opts: {
  db: Db;
  config: SmartleadConfig;
  workspaceId: string;
  id: string;
  sleep?: Sleep;
}): Promise<CampaignPage> {
  const row = await findOwnCampaign(opts);
  const local = { schedule: row.setup?.schedule ?? null };
  const appUrl = opts.config.SMARTLEAD_APP_URL;
  if (row.smartleadId === null) {
    return {
      ...local,
      campaign: campaignView(row, null, appUrl),
      remote: null,
      remoteError: null,
      settings: null,
    };
  }
  try {
    const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
    const id = row.smartleadId;
    const analytics = await client.analytics(id);
    const steps = await getSequences(client, id);
    const accounts = await campaignEmailAccounts(client, id);
    const page = await listCampaignLeads(client, id);
    const config = await getCampaignConfig(client, id);
    const status = analytics.status ?? 'DRAFTED';
    const counts: Record<string, number> = {};
    for (const l of page.leads) counts[l.status ?? 'STARTED'] = (counts[l.status ?? 'STARTED'] ?? 0) + 1;
    return {
      schedule: config.schedule ?? local.schedule,
      settings: config.settings,
      campaign: campaignView(
        row,
        { status: new Map([[id, status]]), analytics: new Map([[id, analytics]]) },
        appUrl,
      ),
      remote: {
        status,
        steps,
        accounts: accounts.map((a) => {
          const v = accountView(a);
          return { id: v.id, fromEmail: v.fromEmail, fromName: v.fromName, type: v.type };
        }),
        leads: page.leads.map((l) => ({
          email: l.lead.email,
          firstName: l.lead.first_name ?? '',
          lastName: l.lead.last_name ?? '',
          company: l.lead.company_name ?? '',
          status: l.status ?? 'STARTED',
          addedAt: l.created_at ?? null,
        })),
        totalLeads: page.total,
        leadStatusCounts: counts,
      },
      remoteError: null,
    };
  } catch (err) {
    if (!(err instanceof SmartleadError)) throw err;
    return {
      ...local,
      campaign: campaignView(row, null, appUrl),
      remote: null,
      remoteError: err.message,
      settings: null,
    };
  }
}

const REMOTE_STATUS = { start: 'START', resume: 'START', pause: 'PAUSED', stop: 'STOPPED' } as const;
const RESULT = { start: 'ACTIVE', resume: 'ACTIVE', pause: 'PAUSED', stop: 'STOPPED' } as const;

/** Start, pause, resume or stop the campaign in Smartlead (which refuses what it cannot do, with a reason). */
export async function changeCampaignStatus(opts: {
  db: Db;
  config: SmartleadConfig;
  workspaceId: string;
  id: string;
  action: StatusAction;
  force?: boolean;
  sleep?: Sleep;
}): Promise<{ status: string }> {
  const row = await findOwnCampaign(opts);
  const smartleadId = inSmartlead(row);
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  if (opts.action === 'start' || opts.action === 'resume') {
    await assertSendingDomainsPass({
      db: opts.db,
      workspaceId: opts.workspaceId,
      force: opts.force,
      accounts: () => campaignEmailAccounts(client, smartleadId),
    });
  }
  await setStatus(client, smartleadId, REMOTE_STATUS[opts.action]);
  if (opts.action === 'start' && !row.startedAt) {
    await opts.db
      .update(smartleadCampaigns)
      .set({ startedAt: new Date() })
      .where(eq(smartleadCampaigns.id, row.id));
  }
  return { status: RESULT[opts.action] };
}
