import type { SubscriptionStatus } from '../../shared/auth';
import { trialStatus } from '../auth/subscription-status';
import type { UserRow } from '../auth/users';
import type { Db } from '../db/client';
import { paymentRequired } from '../http/errors';

/**
 * Whether the user may start new paid work (a trial running, or a paid subscription). Reading and
 * exporting existing data never asks this: nothing is held hostage.
 */
export async function accessStatus(opts: { db: Db; user: UserRow; now: Date }): Promise<SubscriptionStatus> {
  return trialStatus(opts.user, opts.now);
}

/** Guard for starting verifications, scrapes and sends: a clear 402 with the upgrade path. */
export async function assertHasAccess(opts: { db: Db; user: UserRow; now: Date }): Promise<void> {
  const status = await accessStatus(opts);
  if (!status.hasAccess) {
    throw paymentRequired(
      'Your free trial has ended. Upgrade to the Pro plan to start new work; your existing results stay available to view and export.',
    );
  }
}
