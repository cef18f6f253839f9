import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import type { CampaignRow } from '../campaigns/campaigns';
import { smartleadCampaigns, smartleadSendBatches } from '../schema';
import { LEASE_MS } from './send-record';

// Who works a send: one process at a time holds its lease, renewed after every batch; a send whose
// holder went away (crash, restart) is found and taken over; a failed one can be asked for again.

/** Takes the send's lease if nobody holds it (or the holder's lease ran out). */
export async function claimLease(opts: {
  db: Db;
  campaignId: string;
  now: Date;
}): Promise<CampaignRow | null> {
  const [row] = await opts.db
    .update(smartleadCampaigns)
    .set({ leaseUntil: new Date(opts.now.getTime() + LEASE_MS), updatedAt: opts.now })
    .where(
      and(
        eq(smartleadCampaigns.id, opts.campaignId),
        or(isNull(smartleadCampaigns.leaseUntil), lt(smartleadCampaigns.leaseUntil, opts.now)),
      ),
    )
    .returning();
  return row ?? null;
}

export async function releaseLease(opts: { db: Db; campaignId: string }): Promise<void> {
  await opts.db
    .update(smartleadCampaigns)
    .set({ leaseUntil: null })
    .where(eq(smartleadCampaigns.id, opts.campaignId));
}

/** A failed send asked for again (same idempotency key) goes back to the queue, once. */
export async function requeueFailed(opts: {
  db: Db;
  campaignId: string;
  now: Date;
}): Promise<CampaignRow | null> {
  const [row] = await opts.db
    .update(smartleadCampaigns)
    .set({
      state: 'queued',
      error: null,
      leaseUntil: new Date(opts.now.getTime() + LEASE_MS),
      updatedAt: opts.now,
    })
    .where(and(eq(smartleadCampaigns.id, opts.campaignId), eq(smartleadCampaigns.state, 'failed')))
    .returning();
  if (row) {
    // Batches that failed too often get a fresh budget of attempts.
    await opts.db
      .update(smartleadSendBatches)
      .set({ attempts: 0 })
      .where(and(eq(smartleadSendBatches.campaignId, row.id), eq(smartleadSendBatches.state, 'pending')));
  }
  return row ?? null;
}

export async function markFailed(opts: { db: Db; campaignId: string; error: string; now: Date }) {
  await opts.db
    .update(smartleadCampaigns)
    .set({ state: 'failed', error: opts.error, leaseUntil: null, updatedAt: opts.now })
    .where(eq(smartleadCampaigns.id, opts.campaignId));
}

/** Sends still owed work whose worker went away (crash, restart): candidates for a new job. */
export async function findStalledSends(opts: { db: Db; now: Date }): Promise<string[]> {
  const rows = await opts.db
    .select({ id: smartleadCampaigns.id })
    .from(smartleadCampaigns)
    .where(
      and(
        sql`${smartleadCampaigns.state} in ('queued', 'sending')`,
        // A send waiting for the user's choice on unchecked leads resumes when they choose.
        isNull(smartleadCampaigns.recheckUnchecked),
        or(isNull(smartleadCampaigns.leaseUntil), lt(smartleadCampaigns.leaseUntil, opts.now)),
        lt(smartleadCampaigns.updatedAt, new Date(opts.now.getTime() - 60_000)),
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}
