import { eq, sql } from 'drizzle-orm';
import type { CampaignPage } from '../../../../shared/campaign-edit';
import type { StatusAction } from '../../../../shared/email-automation';
import { LEADS_PER_BATCH, type LeadInput, leadSchema } from '../../../../shared/smartlead';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import { conflict, notFound } from '../../../platform/http/errors';
import type { JobSender } from '../../../platform/jobs/registry';
import type { Sleep } from '../../../platform/retry';
import { SmartleadError } from '../connection/client';
import { smartleadClientFor } from '../connection/client-for';
import { SMARTLEAD_SEND_JOB } from '../jobs';
import { accountView } from '../mailboxes/accounts';
import { smartleadCampaigns, smartleadSendBatches } from '../schema';
import { dedupeLeads, insertBatches } from '../send-record';
import { assertWithinBounceBudget } from '../sends/bounce-budget';
import { assertSendingDomainsPass } from '../sends/domain-gate';
import { type CampaignRow, findCampaign } from './campaigns';
import { campaignView } from './list';
import { campaignEmailAccounts, getSequences, listCampaignLeads, setStatus } from './remote';
import { getCampaignConfig } from './remote-campaign';

type SmartleadConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL' | 'SMARTLEAD_APP_URL'>;

async function findOwnCampaign(opts: { db: Db; workspaceId: string; id: string }): Promise<CampaignRow> {
  const row = await findCampaign(opts);
  if (!row) throw notFound('Campaign not found');
  return row;
}

function inSmartlead(row: CampaignRow): number {
  if (row.smartleadId === null) throw conflict('This campaign has not been created in Smartlead yet.');
  return row.smartleadId;
}

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
