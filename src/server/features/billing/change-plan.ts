import { and, desc, eq, inArray } from 'drizzle-orm';
import { ACCESS_STATUSES } from '../../../shared/billing';
import type { Plan } from '../../../shared/plans';
import type { PlanState } from '../../../shared/usage';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError, conflict } from '../../platform/http/errors';
import { setWorkspacePlan, type WorkspacePlan } from '../workspaces';
import { mirrorSubscription } from './mirror';
import { planState, priceForPlan } from './plans';
import { subscriptions } from './schema';
import { notConfigured, providerError, type StripeClient } from './stripe-client';

type Log = { error: (obj: object, msg: string) => void };

/**
 * Upgrades or downgrades a paying workspace's subscription to another plan: the subscription's one item gets
 * the new plan's price, prorated by Stripe on the saved card (no new payment form). The answer from
 * Stripe is mirrored at once so the new limits apply now; the webhooks that follow keep the mirror in
 * step (and win if they are newer).
 */
export async function changePlan(opts: {
  db: Db;
  stripe: StripeClient | null;
  config: Config;
  workspace: WorkspacePlan;
  plan: Plan;
  /** The second of the preview the user confirmed (billing screen), so Stripe prorates as shown. */
  prorationDate?: number;
  now: Date;
  log?: Log;
}): Promise<PlanState> {
  const { db, stripe, workspace, plan } = opts;
  const priceId = priceForPlan(opts.config, plan);
  if (!stripe || !priceId) throw notConfigured();
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.workspaceId, workspace.id), inArray(subscriptions.status, [...ACCESS_STATUSES])),
    )
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  if (!sub) throw conflict('You have no active subscription to change. Subscribe to a plan first.');
  if (sub.priceId !== priceId) {
    try {
      const remote = await stripe.subscriptions.retrieve(sub.id);
      const item = remote.items.data[0];
      if (!item) throw new Error(`subscription ${sub.id} has no item`);
      const updated = await stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'create_prorations',
        ...(opts.prorationDate ? { proration_date: opts.prorationDate } : {}),
        metadata: { ...remote.metadata, plan },
      });
      await mirrorSubscription({
        db,
        workspaceId: workspace.id,
        subscription: updated,
        // Stripe's answer is newer than any event applied so far, whatever the clocks say.
        sourceCreated: Math.max(Math.floor(opts.now.getTime() / 1000), sub.sourceCreated),
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw providerError(err, opts.log);
    }
  }
  await setWorkspacePlan(db, workspace.id, plan);
  return planState({ db, config: opts.config, workspace: { ...workspace, plan }, now: opts.now });
}
