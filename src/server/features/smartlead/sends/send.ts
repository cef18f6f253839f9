import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import type { Sleep } from '../../../platform/retry';
import type { PriceConfig } from '../../billing';
import { suppressedAmong } from '../../suppressions';
import { ensureRemoteCampaign } from '../campaigns/campaigns';
import { setStatus } from '../campaigns/remote';
import { applyCampaignSetup } from '../campaigns/setup';
import { SmartleadError } from '../connection/client';
import { smartleadClientFor } from '../connection/client-for';
import { SendAbortedError } from '../connection/errors';
import { registerOutcomeHook } from '../events/outcome-hook';
import { smartleadCampaigns, smartleadSendBatches } from '../schema';
import type { Recheck } from './recheck';
import { recheckLeads } from './recheck-send';
import { claimLease, markFailed, releaseLease } from './send-lease';
import { LEASE_MS } from './send-record';

/** A batch that keeps failing transiently this many times ends the send as failed (the user may retry). */
export const MAX_BATCH_ATTEMPTS = 12;

/** `waiting`: leads the re-check could not ask about wait for the user's choice (decideUnchecked). */
export type SendOutcome = 'completed' | 'failed' | 'busy' | 'retry' | 'waiting';

/**
 * Works one send to the end: creates the Smartlead campaign if needed, then posts the pending batches in
 * order. Each confirmed batch is marked sent in the same transaction that adds its counts, so after a
 * crash or a Smartlead outage the next run starts at the first unconfirmed batch. Transient failures
 * (rate limit, 5xx, network) are rethrown so the queue retries the job later; problems only the user can
 * fix (bad key, deleted campaign) end the send as failed with a readable message.
 */
export async function runSend(opts: {
  db: Db;
  config: Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL' | 'PUBLIC_URL'> &
    Partial<Pick<Config, 'REVERIFY_AFTER_DAYS' | 'REVERIFY_TIMEOUT_S'>> &
    PriceConfig;
  clock: Clock;
  campaignId: string;
  sleep?: Sleep;
  /** Asks the engine again about stale leads (the job's verifier); without it, nothing is re-checked. */
  recheck?: Recheck;
}): Promise<SendOutcome> {
  const { db, clock, campaignId } = opts;
  const campaign = await claimLease({ db, campaignId, now: clock() });
  if (!campaign) return 'busy';
  if (campaign.state === 'completed' || campaign.state === 'failed') {
    await releaseLease({ db, campaignId });
    return campaign.state;
  }
  if (campaign.recheckUnchecked) {
    await releaseLease({ db, campaignId });
    return 'waiting';
  }
  let seq = -1;
  try {
    const client = await smartleadClientFor({
      db,
      config: opts.config,
      workspaceId: campaign.workspaceId,
      caller: 'background',
      now: clock(),
      sleep: opts.sleep,
    });
    if (campaign.smartleadId === null && clock().getTime() - campaign.createdAt.getTime() > 86_400_000) {
      throw new SendAbortedError(
        'create_expired',
        'Smartlead could not be reached for a day, so this campaign was not created.',
      );
    }
    const smartleadId = await ensureRemoteCampaign({ db, client, campaign, now: clock() });
    // Normally done by the request; here when that request ended before it (crash, restart).
    await applyCampaignSetup({ db, client, campaign, smartleadId, now: clock });
    await registerOutcomeHook({ db, config: opts.config, client, campaign, smartleadId, now: clock() });
    await db
      .update(smartleadCampaigns)
      .set({ state: 'sending', error: null, updatedAt: clock() })
      .where(eq(smartleadCampaigns.id, campaignId));
    if (opts.recheck && !campaign.recheckDoneAt) {
      const waiting = await recheckLeads({ ...opts, recheck: opts.recheck, campaign });
      if (waiting) {
        await releaseLease({ db, campaignId });
        return 'waiting';
      }
    }

    for (;;) {
      const [batch] = await db
        .select()
        .from(smartleadSendBatches)
        .where(
          and(
            eq(smartleadSendBatches.campaignId, campaignId),
            eq(smartleadSendBatches.state, 'pending'),
            gt(smartleadSendBatches.seq, seq),
          ),
        )
        .orderBy(asc(smartleadSendBatches.seq))
        .limit(1);
      if (!batch) break;
      seq = batch.seq;
      if (batch.attempts >= MAX_BATCH_ATTEMPTS) {
        throw new SendAbortedError(
          'batch_gave_up',
          'Smartlead kept failing on this send. Please try again later.',
        );
      }
      await db
        .update(smartleadSendBatches)
        .set({ attempts: sql`${smartleadSendBatches.attempts} + 1` })
        .where(and(eq(smartleadSendBatches.campaignId, campaignId), eq(smartleadSendBatches.seq, seq)));
      // An address suppressed since the send was recorded (a bounce in another campaign) is not sent.
      const held = await suppressedAmong({
        db,
        workspaceId: campaign.workspaceId,
        emails: batch.leads.map((l) => l.email),
      });
      const leads = batch.leads.filter((l) => !held.has(l.email.trim().toLowerCase()));
      const result = leads.length
        ? await client.addLeads(smartleadId, leads)
        : {
            upload_count: 0,
            duplicate_count: 0,
            already_added_to_campaign: 0,
            invalid_email_count: 0,
            total_leads: 0,
          };
      const now = clock();
      await db.transaction(async (tx) => {
        const marked = await tx
          .update(smartleadSendBatches)
          .set({
            state: 'sent',
            sentAt: now,
            uploadCount: result.upload_count,
            duplicateCount: result.duplicate_count + result.already_added_to_campaign,
            invalidCount: result.invalid_email_count,
            leads: [],
          })
          .where(
            and(
              eq(smartleadSendBatches.campaignId, campaignId),
              eq(smartleadSendBatches.seq, seq),
              eq(smartleadSendBatches.state, 'pending'),
            ),
          )
          .returning({ seq: smartleadSendBatches.seq });
        if (!marked.length) return;
        await tx
          .update(smartleadCampaigns)
          .set({
            batchesDone: sql`${smartleadCampaigns.batchesDone} + 1`,
            leadsProcessed: sql`${smartleadCampaigns.leadsProcessed} + ${batch.leadCount}`,
            addedCount: sql`${smartleadCampaigns.addedCount} + ${result.upload_count}`,
            duplicateCount: sql`${smartleadCampaigns.duplicateCount} + ${result.duplicate_count + result.already_added_to_campaign}`,
            invalidCount: sql`${smartleadCampaigns.invalidCount} + ${result.invalid_email_count}`,
            leaseUntil: new Date(now.getTime() + LEASE_MS),
            updatedAt: now,
          })
          .where(eq(smartleadCampaigns.id, campaignId));
      });
    }
    if (campaign.startRequested && !campaign.startedAt) {
      await setStatus(client, smartleadId, 'START');
      await db
        .update(smartleadCampaigns)
        .set({ startedAt: clock() })
        .where(eq(smartleadCampaigns.id, campaignId));
    }
    const done = clock();
    const finished = await db
      .update(smartleadCampaigns)
      .set({ state: 'completed', error: null, leaseUntil: null, completedAt: done, updatedAt: done })
      .where(
        and(
          eq(smartleadCampaigns.id, campaignId),
          // Leads added to the campaign meanwhile (Email Campaigns → Add leads) keep the send open.
          notExists(
            db
              .select({ one: sql`1` })
              .from(smartleadSendBatches)
              .where(
                and(
                  eq(smartleadSendBatches.campaignId, campaignId),
                  eq(smartleadSendBatches.state, 'pending'),
                ),
              ),
          ),
        ),
      )
      .returning({ id: smartleadCampaigns.id });
    if (!finished.length) {
      await releaseLease({ db, campaignId });
      return 'retry';
    }
    return 'completed';
  } catch (err) {
    if (err instanceof SmartleadError && err.transient) {
      // Progress is kept; the job is retried later and resumes at the first unconfirmed batch.
      await db
        .update(smartleadCampaigns)
        .set({ error: `${err.message} Retrying automatically…`, leaseUntil: null, updatedAt: clock() })
        .where(eq(smartleadCampaigns.id, campaignId));
      return 'retry';
    }
    const known = err instanceof SmartleadError || err instanceof SendAbortedError;
    const message = known ? err.message : 'Something went wrong while sending to Smartlead.';
    await markFailed({ db, campaignId, error: message, now: clock() });
    if (!known) throw err;
    return 'failed';
  }
}
