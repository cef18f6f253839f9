import { z } from 'zod';
import { defineJob, jobType, noPayload } from '../../platform/jobs/registry';
import { processProber } from '../prober';
import { readImportedDetails } from './campaigns/import-details';
import { notifyCampaignSent } from './events/campaign-sent';
import { pollOutcomes } from './events/poll';
import { runSend } from './sends/send';
import { findStalledSends } from './sends/send-lease';

export const SMARTLEAD_SEND_JOB = jobType('smartlead-send', z.object({ campaignId: z.string() }));

/** Posts a send's leads to Smartlead; retried with back-off while Smartlead is rate limiting or down. */
export const smartleadSendJob = defineJob({
  ...SMARTLEAD_SEND_JOB,
  queue: { retryLimit: 8, retryDelay: 2, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 3600 },
  work: { localConcurrency: 2 },
  async handle(data, ctx) {
    const outcome = await runSend({
      db: ctx.database.db,
      config: ctx.config,
      clock: ctx.clock,
      sleep: ctx.sleep,
      campaignId: data.campaignId,
      // Stale leads are asked again through the process's verifier (decision 0221).
      recheck: {
        ask: (emails, onResult, workspace) =>
          processProber(ctx).checkStep2(emails, { tenant: `send:${data.campaignId}`, workspace, onResult }),
        health: () => processProber(ctx).health(),
      },
    });
    ctx.log.info({ campaignId: data.campaignId, outcome }, 'smartlead send');
    if (outcome === 'completed') await notifyCampaignSent({ ctx, campaignId: data.campaignId });
    // Throwing hands the job back to the queue, which runs it again after its back-off.
    if (outcome === 'retry') throw new Error('Smartlead unavailable; the send will resume');
  },
});

/** Every two minutes: sends whose worker went away (crash, restart, exhausted retries) are queued again. */
export const smartleadSweepJob = defineJob({
  name: 'smartlead-send-sweep',
  payload: noPayload,
  cron: '*/2 * * * *',
  async handle(_data, ctx) {
    const ids = await findStalledSends({ db: ctx.database.db, now: ctx.clock() });
    for (const campaignId of ids) {
      await ctx.queue.send(SMARTLEAD_SEND_JOB, { campaignId }, { singletonKey: campaignId });
    }
    if (ids.length) ctx.log.info({ count: ids.length }, 'stalled smartlead sends queued again');
  },
});

/** Every ten minutes: campaign statistics read for outcomes the webhook did not bring (or cannot). */
export const smartleadOutcomePollJob = defineJob({
  name: 'smartlead-outcome-poll',
  payload: noPayload,
  cron: '*/10 * * * *',
  async handle(_data, ctx) {
    const r = await pollOutcomes({
      db: ctx.database.db,
      config: ctx.config,
      now: ctx.clock(),
      sleep: ctx.sleep,
    });
    if (r.stored) ctx.log.info(r, 'smartlead outcomes polled');
  },
});

export const SMARTLEAD_IMPORT_DETAILS_JOB = jobType(
  'smartlead-import-details',
  z.object({ workspaceId: z.string(), smartleadIds: z.array(z.number()) }),
);

/** After an import: the imported campaigns' lead counts and accounts, read at Smartlead's pace. */
export const smartleadImportDetailsJob = defineJob({
  ...SMARTLEAD_IMPORT_DETAILS_JOB,
  queue: { retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
  async handle(data, ctx) {
    const read = await readImportedDetails({
      db: ctx.database.db,
      config: ctx.config,
      sleep: ctx.sleep,
      workspaceId: data.workspaceId,
      smartleadIds: data.smartleadIds,
    });
    ctx.log.info({ workspaceId: data.workspaceId, read }, 'imported campaigns read');
  },
});
