import { RESULTS_PAGE_SIZE } from '../../../../shared/lists';
import { type Campaign, MAX_LEADS_PER_SEND } from '../../../../shared/smartlead';
import type { Clock } from '../../../platform/clock';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/errors';
import type { JobSender } from '../../../platform/jobs/registry';
import type { Sleep } from '../../../platform/retry';
import { assertHasAccess } from '../../billing';
import { getResultsPage } from '../../lists';
import { suppressedAmong } from '../../suppressions';
import type { WorkspacePlan } from '../../workspaces';
import { findCampaign } from '../campaigns/campaigns';
import { assertSendingDomainsPass } from '../campaigns/domain-gate';
import { campaignView } from '../campaigns/list';
import { listEmailAccounts } from '../campaigns/remote';
import { smartleadClientFor } from '../connection/client-for';
import { getSettings } from '../connection/settings';
import type { StoredLead } from '../schema';
import { addLeadsToCampaign } from './add-leads';
import { assertWithinBounceBudget } from './bounce-budget';
import { leadOf } from './leads';
import { startCampaignSend } from './start';

/** Smartlead is not connected: said the same way by every caller that cannot go on without it. */
export class SmartleadNotConnectedError extends AppError {
  constructor() {
    super('bad_request', 'Smartlead is not connected to this workspace.', { reason: 'smartlead_missing' });
  }
}

export interface ListSendPlan {
  leads: StoredLead[];
  heldBack: { reason: string; count: number }[];
  blockers: string[];
}

interface ListSendOpts {
  db: Db;
  config: Config;
  clock: Clock;
  workspace: WorkspacePlan;
  listId: string;
  includeRisky: boolean;
  bounceBudget?: number;
  sleep?: Sleep;
}

/** Risky rows that may still deliver (the send screen's "include risky" choice): catch-all servers and roles. */
const mayStillDeliver = (r: { reason: string | null; role: boolean }) => r.reason === 'catch_all' || r.role;

/**
 * What a send of one verified list would do, without sending: the leads that would go, the rows held
 * back and why (invalid, risky, not checked yet, suppressed), and what would refuse the send (the bounce
 * budget, a sending mailbox's failing domain), with the same rules startCampaignSend applies.
 */
export async function planListSend(opts: ListSendOpts): Promise<ListSendPlan> {
  const { db, workspace } = opts;
  if (!(await getSettings({ db, workspaceId: workspace.id })).hasApiKey)
    throw new SmartleadNotConnectedError();
  const held = new Map<string, number>();
  const hold = (reason: string) => held.set(reason, (held.get(reason) ?? 0) + 1);
  const leads: StoredLead[] = [];
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await getResultsPage({
      db,
      workspaceId: workspace.id,
      uploadId: opts.listId,
      page,
      filter: 'all',
      search: '',
    });
    for (const r of res.results) {
      const email = r.email.email.trim().toLowerCase();
      if (seen.has(email)) continue;
      seen.add(email);
      if (!r.isFinal) hold('not_checked');
      else if (r.finalStatus === 'invalid') hold('invalid');
      else if (r.finalStatus === 'risky' && !(opts.includeRisky && mayStillDeliver(r))) hold('risky');
      else leads.push(leadOf(r.email));
    }
    if (res.results.length < RESULTS_PAGE_SIZE || page >= res.pagination.totalPages) break;
  }
  const suppressed = await suppressedAmong({
    db,
    workspaceId: workspace.id,
    emails: leads.map((l) => l.email),
  });
  const sendable = leads.filter((l) => !suppressed.has(l.email));
  if (suppressed.size) held.set('suppressed', leads.length - sendable.length);
  const blockers: string[] = [];
  if (!sendable.length) blockers.push('No address of this list may be sent.');
  if (sendable.length > MAX_LEADS_PER_SEND)
    blockers.push(`At most ${MAX_LEADS_PER_SEND} addresses go in one campaign.`);
  const refusal = async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      blockers.push(err.userMessage);
    }
  };
  await refusal(() =>
    assertWithinBounceBudget({
      db,
      workspaceId: workspace.id,
      emails: sendable.map((l) => l.email),
      budget: opts.bounceBudget,
    }),
  );
  await refusal(() =>
    assertSendingDomainsPass({
      db,
      workspaceId: workspace.id,
      accounts: async () =>
        listEmailAccounts(
          await smartleadClientFor({
            db,
            config: opts.config,
            workspaceId: workspace.id,
            caller: 'interactive',
            sleep: opts.sleep,
          }),
        ),
    }),
  );
  return { leads: sendable, heldBack: [...held].map(([reason, count]) => ({ reason, count })), blockers };
}

/**
 * Sends a verified list when its plan has no blocker: to a new Smartlead campaign (startCampaignSend), or
 * into one of the workspace's campaigns already in Smartlead (addLeadsToCampaign, as the campaign screen's
 * "Add leads"; its send job takes them from there).
 */
export async function sendListToSmartlead(
  opts: ListSendOpts & { queue: JobSender; target: { campaignName: string } | { campaignId: string } },
): Promise<{ plan: ListSendPlan; campaign: Campaign }> {
  const { db, workspace } = opts;
  const existing =
    'campaignId' in opts.target ? await ownCampaign(db, workspace.id, opts.target.campaignId) : null;
  const plan = await planListSend(opts);
  if (plan.blockers.length) throw badRequest(plan.blockers.join(' '), { blockers: plan.blockers });
  if (existing) {
    await assertHasAccess({ db, workspace, now: opts.clock() });
    await addLeadsToCampaign({
      db,
      queue: opts.queue,
      workspaceId: workspace.id,
      id: existing.id,
      emails: plan.leads,
      bounceBudget: opts.bounceBudget,
      now: opts.clock(),
    });
    const row = await ownCampaign(db, workspace.id, existing.id);
    return { plan, campaign: campaignView(row, null, opts.config.SMARTLEAD_APP_URL) };
  }
  const { campaign } = await startCampaignSend({
    db,
    config: opts.config,
    queue: opts.queue,
    clock: opts.clock,
    workspace,
    input: {
      campaignName: 'campaignName' in opts.target ? opts.target.campaignName : '',
      bounceBudget: opts.bounceBudget,
      start: false,
      force: false,
    },
    leads: async () => plan.leads,
    sleep: opts.sleep,
  });
  return { plan, campaign };
}

/** One of the workspace's campaigns that exists in Smartlead (another workspace's id: not found). */
export async function ownCampaign(db: Db, workspaceId: string, id: string) {
  const row = await findCampaign({ db, workspaceId, id });
  if (!row) throw notFound('Campaign not found');
  if (row.smartleadId === null) throw conflict('This campaign has not been created in Smartlead yet.');
  return row;
}
