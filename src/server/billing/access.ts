import { and, eq, inArray } from 'drizzle-orm';
import type { SubscriptionStatus } from '../../shared/auth';
import { ACCESS_STATUSES } from '../../shared/billing';
import { trialStatus } from '../auth/subscription-status';
import type { Db } from '../db/client';
import { paymentRequired } from '../http/errors';
import type { WorkspacePlan } from '../workspaces';
import { subscriptions } from './schema';

/** Whether the workspace has a Stripe subscription that currently grants access (active or trialing). */
export async function hasPaidSubscription(opts: { db: Db; workspaceId: string }): Promise<boolean> {
  const rows = await opts.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, opts.workspaceId),
        inArray(subscriptions.status, [...ACCESS_STATUSES]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the workspace may start new paid work: the 7-day trial still running, or a paid subscription that is
 * active or trialing (mirrored from Stripe's webhooks). Reading and exporting existing data never asks
 * this: nothing is held hostage (docs/decisions/0004-access.md).
 */
export async function accessStatus(opts: {
  db: Db;
  workspace: WorkspacePlan;
  now: Date;
}): Promise<SubscriptionStatus> {
  const trial = trialStatus(opts.workspace, opts.now);
  if (trial.hasAccess) return trial;
  return { ...trial, hasAccess: await hasPaidSubscription({ db: opts.db, workspaceId: opts.workspace.id }) };
}

/** Guard for starting verifications, scrapes and sends: a clear 402 with the upgrade path. */
export async function assertHasAccess(opts: { db: Db; workspace: WorkspacePlan; now: Date }): Promise<void> {
  const status = await accessStatus(opts);
  if (!status.hasAccess) {
    throw paymentRequired(
      'Your free trial has ended. Upgrade to the Pro plan to start new work; your existing results stay available to view and export.',
    );
  }
}
