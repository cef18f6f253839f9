import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { SendProgress, UncheckedAction } from '../../../../shared/smartlead';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import { conflict, notFound } from '../../../platform/http/errors';
import type { JobSender } from '../../../platform/jobs/registry';
import { findCampaign, sendProgress } from '../campaigns/campaigns';
import { SMARTLEAD_SEND_JOB } from '../jobs';
import { smartleadCampaigns } from '../schema';
import { dropFromPending } from './recheck-send';

/**
 * The user's choice for leads the re-check could not ask about: `hold` takes them out of the send,
 * `send` lets them go on their earlier verdict. Either way the send resumes. Another workspace's send,
 * or one not waiting, is refused.
 */
export async function decideUnchecked(opts: {
  db: Db;
  queue: JobSender;
  clock: Clock;
  workspaceId: string;
  sendId: string;
  action: UncheckedAction;
}): Promise<SendProgress> {
  const { db } = opts;
  const row = await findCampaign({ db, workspaceId: opts.workspaceId, id: opts.sendId });
  if (!row) throw notFound('Send not found');
  const decided = await db.transaction(async (tx) => {
    // Only the first of two clicks (or two people) decides.
    const [taken] = await tx
      .update(smartleadCampaigns)
      .set({ recheckUnchecked: null, updatedAt: opts.clock() })
      .where(and(eq(smartleadCampaigns.id, row.id), isNotNull(smartleadCampaigns.recheckUnchecked)))
      .returning({ id: smartleadCampaigns.id });
    if (!taken || !row.recheckUnchecked) return null;
    if (opts.action === 'hold') {
      await dropFromPending(tx as unknown as Db, row.id, new Set(row.recheckUnchecked));
      await tx
        .update(smartleadCampaigns)
        .set({
          recheckHeldUncheckedCount: sql`${smartleadCampaigns.recheckHeldUncheckedCount} + ${row.recheckUnchecked.length}`,
        })
        .where(eq(smartleadCampaigns.id, row.id));
    }
    const [after] = await tx.select().from(smartleadCampaigns).where(eq(smartleadCampaigns.id, row.id));
    return after;
  });
  if (!decided) throw conflict('This send is not waiting for a decision.');
  await opts.queue.send(SMARTLEAD_SEND_JOB, { campaignId: row.id }, { singletonKey: row.id });
  return sendProgress(decided);
}
