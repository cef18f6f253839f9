import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { SubscriptionStatus } from '../../../shared/auth';
import { ACCESS_STATUSES, PAYMENT_GRACE_DAYS } from '../../../shared/billing';
import type { Db } from '../../platform/db/client';
import { paymentRequired } from '../../platform/http/errors';
import type { WorkspacePlan } from '../workspaces';
import { subscriptions } from './schema';

/** The moment a failed renewal stops granting access. */
export const graceEndsAt = (pastDueSince: Date) =>
  new Date(pastDueSince.getTime() + PAYMENT_GRACE_DAYS * 86_400_000);

/**
 * Whether the workspace has a Stripe subscription that currently grants access: active or trialing, or
 * past due for less than the grace period when `now` is given (a failed renewal keeps work open while
 * Stripe retries the card; the billing screen shows a banner meanwhile).
 */
export async function hasPaidSubscription(opts: {
  db: Db;
  workspaceId: string;
  now?: Date;
}): Promise<boolean> {
  const live = inArray(subscriptions.status, [...ACCESS_STATUSES]);
  const graceStart = opts.now ? new Date(opts.now.getTime() - PAYMENT_GRACE_DAYS * 86_400_000) : null;
  const rows = await opts.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, opts.workspaceId),
        graceStart
          ? or(live, and(eq(subscriptions.status, 'past_due'), gt(subscriptions.pastDueSince, graceStart)))
          : live,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Access from the 7-day trial alone (the workspace's trial; its end is set at sign-up). */
function trialStatus(owner: { trialEndsAt: Date }, now: Date): SubscriptionStatus {
  const trialEnded = now.getTime() >= owner.trialEndsAt.getTime();
  return { hasAccess: !trialEnded, trialEnded, trialEndDate: owner.trialEndsAt.toISOString() };
}

/**
 * Whether the workspace may start new paid work: the 7-day trial still running, or a paid subscription that is
 * active or trialing (mirrored from Stripe's webhooks), or past due within the grace period. Reading and
 * exporting existing data never asks this: nothing is held hostage (docs/decisions/0004-access.md).
 */
export async function accessStatus(opts: {
  db: Db;
  workspace: WorkspacePlan;
  now: Date;
}): Promise<SubscriptionStatus> {
  const trial = trialStatus(opts.workspace, opts.now);
  // A failed renewal is said even during the trial (the card needs updating either way).
  const since = await pastDueSince({ db: opts.db, workspaceId: opts.workspace.id });
  const paid =
    trial.hasAccess ||
    (await hasPaidSubscription({ db: opts.db, workspaceId: opts.workspace.id, now: opts.now }));
  if (!since) return { ...trial, hasAccess: paid };
  const ends = graceEndsAt(since);
  return {
    ...trial,
    hasAccess: paid,
    paymentIssue: { graceEndsAt: ends.toISOString(), readOnly: !paid },
  };
}

/** When the workspace's renewal failed, unless another subscription of it is active. */
async function pastDueSince(opts: { db: Db; workspaceId: string }): Promise<Date | null> {
  const rows = await opts.db
    .select({ status: subscriptions.status, since: subscriptions.pastDueSince })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, opts.workspaceId),
        inArray(subscriptions.status, [...ACCESS_STATUSES, 'past_due']),
      ),
    );
  if (rows.some((r) => r.status !== 'past_due')) return null;
  return rows.find((r) => r.since)?.since ?? null;
}

/** Guard for starting verifications, scrapes and sends: a clear 402 with the upgrade path. */
export async function assertHasAccess(opts: { db: Db; workspace: WorkspacePlan; now: Date }): Promise<void> {
  const status = await accessStatus(opts);
  if (!status.hasAccess && status.paymentIssue) {
    throw paymentRequired(
      'Your last payment failed and the grace period is over, so your workspace is read-only. Update your card in Billing to start new work; your existing results stay available to view and export.',
    );
  }
  if (!status.hasAccess) {
    throw paymentRequired(
      'Your free trial has ended. Upgrade to the Pro plan to start new work; your existing results stay available to view and export.',
    );
  }
}
