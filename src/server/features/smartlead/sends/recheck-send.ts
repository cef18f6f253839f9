import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import { smartleadCampaigns, smartleadSendBatches } from '../schema';
import { type Recheck, recheckStale } from './recheck';

// A send's side of the re-check (decision 0221): leads now invalid leave their pending batches; leads
// that could not be checked wait for the user, who holds them back or sends them on their earlier verdict.

/** Takes these (lower-cased) addresses out of the send's pending batches. */
export async function dropFromPending(db: Db, campaignId: string, emails: Set<string>) {
  if (emails.size === 0) return;
  const pending = await db
    .select({ seq: smartleadSendBatches.seq, leads: smartleadSendBatches.leads })
    .from(smartleadSendBatches)
    .where(and(eq(smartleadSendBatches.campaignId, campaignId), eq(smartleadSendBatches.state, 'pending')));
  for (const b of pending) {
    const kept = b.leads.filter((l) => !emails.has(l.email.trim().toLowerCase()));
    if (kept.length === b.leads.length) continue;
    await db
      .update(smartleadSendBatches)
      .set({ leads: kept })
      .where(and(eq(smartleadSendBatches.campaignId, campaignId), eq(smartleadSendBatches.seq, b.seq)));
  }
}

/**
 * Before the first batch: leads verified more than REVERIFY_AFTER_DAYS ago are asked again, all at once
 * so the engine spreads them over their mail servers. Those now invalid leave their pending batches (a
 * resumed send does not ask again) and the counts are kept. True when some could not be checked: the
 * send then waits for the user's choice.
 */
export async function recheckLeads(opts: {
  db: Db;
  config: Partial<Pick<Config, 'REVERIFY_AFTER_DAYS' | 'REVERIFY_TIMEOUT_S'>>;
  clock: Clock;
  campaign: { id: string; workspaceId: string };
  recheck: Recheck;
}): Promise<boolean> {
  const { db, campaign } = opts;
  const pending = await db
    .select({ leads: smartleadSendBatches.leads })
    .from(smartleadSendBatches)
    .where(and(eq(smartleadSendBatches.campaignId, campaign.id), eq(smartleadSendBatches.state, 'pending')));
  const out = await recheckStale({
    db,
    workspaceId: campaign.workspaceId,
    emails: pending.flatMap((b) => b.leads.map((l) => l.email)),
    now: opts.clock(),
    afterDays: opts.config.REVERIFY_AFTER_DAYS ?? 14,
    timeoutMs: (opts.config.REVERIFY_TIMEOUT_S ?? 300) * 1000,
    recheck: opts.recheck,
  });
  const waiting = out.unchecked.length > 0;
  await db.transaction(async (tx) => {
    await dropFromPending(tx as unknown as Db, campaign.id, new Set(out.invalid.keys()));
    await tx
      .update(smartleadCampaigns)
      .set({
        recheckedCount: sql`${smartleadCampaigns.recheckedCount} + ${out.checked}`,
        recheckInvalidCount: sql`${smartleadCampaigns.recheckInvalidCount} + ${out.invalid.size}`,
        recheckUnansweredCount: sql`${smartleadCampaigns.recheckUnansweredCount} + ${out.unchecked.length}`,
        recheckDoneAt: opts.clock(),
        ...(waiting ? { recheckUnchecked: out.unchecked, recheckWhy: out.why } : {}),
        updatedAt: opts.clock(),
      })
      .where(eq(smartleadCampaigns.id, campaign.id));
  });
  return waiting;
}
