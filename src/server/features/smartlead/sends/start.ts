import { createHash } from 'node:crypto';
import type { Campaign, CreateCampaign } from '../../../../shared/smartlead';
import type { Clock } from '../../../platform/clock';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import { badRequest } from '../../../platform/http/errors';
import type { JobSender } from '../../../platform/jobs/registry';
import type { Sleep } from '../../../platform/retry';
import { assertHasAccess } from '../../billing';
import type { WorkspacePlan } from '../../workspaces';
import { ensureRemoteCampaign } from '../campaigns/campaigns';
import { assertSendingDomainsPass } from '../campaigns/domain-gate';
import { campaignView } from '../campaigns/list';
import { listEmailAccounts } from '../campaigns/remote';
import { applyCampaignSetup } from '../campaigns/setup';
import { SmartleadError } from '../connection/client';
import { smartleadClientFor } from '../connection/client-for';
import { loadApiKey } from '../connection/settings';
import { SMARTLEAD_SEND_JOB } from '../jobs';
import type { StoredLead } from '../schema';
import { assertWithinBounceBudget } from './bounce-budget';
import { markFailed, releaseLease, requeueFailed } from './send-lease';
import { recordSend } from './send-record';

const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;

/**
 * Without an Idempotency-Key header the key is derived from the request itself, so an identical request
 * repeated (same name, same emails) is treated as the same send rather than a second campaign.
 */
function idempotencyKeyOf(
  workspaceId: string,
  header: string | undefined,
  input: { campaignName: string; leads: StoredLead[] },
): string {
  if (header !== undefined) {
    if (!IDEMPOTENCY_KEY.test(header)) throw badRequest('Invalid Idempotency-Key header');
    return `h:${header}`;
  }
  const hash = createHash('sha256').update(workspaceId).update('\0').update(input.campaignName.trim());
  for (const e of input.leads) hash.update('\0').update(e.email.trim().toLowerCase());
  return `d:${hash.digest('hex')}`;
}

/** A send's choices besides its leads (the parsed request without its selection). */
export type CampaignSendInput = Pick<
  CreateCampaign,
  'campaignName' | 'setup' | 'start' | 'bounceBudget' | 'force'
>;

/**
 * Starts a send: reads its leads, records the campaign and its batches (once per idempotency key), creates
 * the Smartlead campaign and stores its id, then hands the leads to the `smartlead-send` job. `leads` is
 * asked once access and the key are checked (a send with no key is a 400 before any list is read); its
 * leads are built by the server from the workspace's lists, suppressed addresses already left out. A
 * transient Smartlead failure while creating is left to the job (it creates the campaign later); a
 * rejected key fails at once.
 */
export async function startCampaignSend(opts: {
  db: Db;
  config: Config;
  queue: JobSender;
  clock: Clock;
  workspace: WorkspacePlan;
  input: CampaignSendInput;
  leads: () => Promise<StoredLead[]>;
  idempotencyKey?: string;
  sleep?: Sleep;
}): Promise<{ campaign: Campaign; created: boolean }> {
  const { db, config, workspace, clock } = opts;
  await assertHasAccess({ db, workspace, now: clock() });
  // No key (or one that can no longer be read): the 400 comes before anything is recorded.
  await loadApiKey({ db, config, workspaceId: workspace.id });
  const leads = await opts.leads();
  const input = { ...opts.input, campaignName: opts.input.campaignName.trim(), leads };
  if (!input.campaignName) throw badRequest('Please enter a campaign name', { field: 'campaignName' });
  await assertWithinBounceBudget({
    db,
    workspaceId: workspace.id,
    emails: leads.map((e) => e.email),
    budget: input.bounceBudget,
  });
  await assertSendingDomainsPass({
    db,
    workspaceId: workspace.id,
    accountIds: input.setup?.emailAccountIds ?? [],
    force: input.force,
    accounts: async () =>
      listEmailAccounts(
        await smartleadClientFor({
          db,
          config,
          workspaceId: workspace.id,
          caller: 'interactive',
          sleep: opts.sleep,
        }),
      ),
  });
  const key = idempotencyKeyOf(workspace.id, opts.idempotencyKey, input);
  const recorded = await recordSend({
    db,
    workspaceId: workspace.id,
    name: input.campaignName,
    leads,
    idempotencyKey: key,
    now: clock(),
    setup: input.setup,
    start: input.start,
  });
  let row = recorded.campaign;
  if (!recorded.created) {
    const again =
      row.state === 'failed' ? await requeueFailed({ db, campaignId: row.id, now: clock() }) : null;
    if (!again) return { campaign: campaignView(row, null, config.SMARTLEAD_APP_URL), created: false };
    row = again;
  }
  try {
    // The user is waiting: a short retry, then a visible failure with a Retry (same Idempotency-Key).
    const client = await smartleadClientFor({
      db,
      config,
      workspaceId: row.workspaceId,
      caller: 'interactive',
      now: clock(),
      sleep: opts.sleep,
    });
    const smartleadId = await ensureRemoteCampaign({ db, client, campaign: row, now: clock() });
    row = { ...row, smartleadId };
    await applyCampaignSetup({ db, client, campaign: row, smartleadId, now: clock });
  } catch (err) {
    // Any failure here (an outage too) is shown at once as "Failed to create campaign" with a retry:
    // the same request again (same Idempotency-Key) resumes this send, adopting a campaign Smartlead
    // created before its answer was lost, so a retry never makes a second campaign.
    const message =
      err instanceof SmartleadError ? err.message : 'Something went wrong while creating the campaign.';
    await markFailed({ db, campaignId: row.id, error: message, now: clock() });
    throw err;
  }
  await releaseLease({ db, campaignId: row.id });
  await opts.queue.send(SMARTLEAD_SEND_JOB, { campaignId: row.id }, { singletonKey: row.id });
  return { campaign: campaignView(row, null, config.SMARTLEAD_APP_URL), created: true };
}
