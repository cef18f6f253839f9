import { eq } from 'drizzle-orm';
import {
  type EditCampaignInput,
  type EditCampaignResult,
  IN_FLIGHT_EFFECT,
  LOCKED_AFTER_START,
} from '../../../../shared/campaign-edit';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import { conflict, notFound } from '../../../platform/http/errors';
import type { Sleep } from '../../../platform/retry';
import type { SmartleadClient } from '../connection/client';
import { smartleadClientFor } from '../connection/client-for';
import { smartleadCampaigns } from '../schema';
import { findCampaign } from './campaigns';
import { addEmailAccounts, campaignEmailAccounts, saveSchedule, saveSequences, setStatus } from './remote';
import { existingSteps, getCampaignConfig, saveSettings } from './remote-campaign';

// Editing a campaign that exists in Smartlead, while it runs too (decision 0202): its sequence, schedule,
// settings and sending accounts, each part only when given; created here or imported alike. Smartlead refuses a sequence change on a
// running campaign, so that change pauses it, saves, and resumes it (also when the save fails). What is
// sent goes into the local setup as well, so the campaign page shows the campaign as it now is.

type SmartleadConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL'>;

export async function editCampaign(opts: {
  db: Db;
  config: SmartleadConfig;
  workspaceId: string;
  id: string;
  input: EditCampaignInput;
  sleep?: Sleep;
}): Promise<EditCampaignResult> {
  const row = await findCampaign({ db: opts.db, workspaceId: opts.workspaceId, id: opts.id });
  if (!row) throw notFound('Campaign not found');
  if (row.smartleadId === null) throw conflict('This campaign has not been created in Smartlead yet.');
  const sid = row.smartleadId;
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const { steps, schedule, settings, emailAccountIds } = opts.input;
  const current = await getCampaignConfig(client, sid);
  const { status } = current;
  if (status === 'STOPPED')
    throw conflict('A stopped campaign cannot be changed: Smartlead keeps it as it ended.');
  if (settings && status !== 'DRAFTED') {
    const was = current.settings;
    if (
      settings.trackOpens !== was.trackOpens ||
      settings.trackClicks !== was.trackClicks ||
      settings.plainText !== was.plainText
    )
      throw conflict(LOCKED_AFTER_START);
  }
  let pausedAndResumed = false;
  if (steps) {
    // Existing steps and variants are sent with their ids (updated in place), new ones without (created).
    const ids = await existingSteps(client, sid);
    if (status === 'ACTIVE') {
      await setStatus(client, sid, 'PAUSED');
      try {
        await saveSequences(client, sid, steps, ids);
      } finally {
        await setStatus(client, sid, 'START');
      }
      pausedAndResumed = true;
    } else await saveSequences(client, sid, steps, ids);
  }
  if (schedule) await saveSchedule(client, sid, schedule);
  if (settings) await saveSettings(client, sid, settings);
  if (emailAccountIds) await replaceAccounts(client, sid, emailAccountIds);

  const setup = row.setup;
  if (setup || (steps && schedule && emailAccountIds)) {
    await opts.db
      .update(smartleadCampaigns)
      .set({
        setup: {
          steps: steps ?? setup?.steps ?? [],
          schedule: schedule ?? setup!.schedule,
          emailAccountIds: emailAccountIds ?? setup?.emailAccountIds ?? [],
        },
        updatedAt: new Date(),
      })
      .where(eq(smartleadCampaigns.id, row.id));
  } else if (emailAccountIds) {
    // An imported campaign has no setup: its accounts are kept on their own, for Email Accounts' "used by".
    await opts.db
      .update(smartleadCampaigns)
      .set({ sendingAccountIds: emailAccountIds, updatedAt: new Date() })
      .where(eq(smartleadCampaigns.id, row.id));
  }
  const changed = (['steps', 'schedule', 'settings', 'emailAccountIds'] as const).filter(
    (k) => opts.input[k],
  );
  return { changed, inFlight: changed.map((k) => IN_FLIGHT_EFFECT[k]), pausedAndResumed };
}

/** The campaign sends from exactly these accounts: the missing ones are added, the others removed. */
async function replaceAccounts(client: SmartleadClient, sid: number, ids: number[]) {
  const current = new Set((await campaignEmailAccounts(client, sid)).map((a) => a.id));
  const add = ids.filter((id) => !current.has(id));
  const remove = [...current].filter((id) => !ids.includes(id));
  if (add.length) await addEmailAccounts(client, sid, add);
  if (remove.length) {
    await client.call('DELETE', `/campaigns/${sid}/email-accounts`, { email_account_ids: remove });
  }
}
