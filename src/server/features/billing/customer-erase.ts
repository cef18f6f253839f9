import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import { defineJob, type JobSender, jobType } from '../../platform/jobs/registry';
import { customersOfWorkspaces, hasLiveSubscription } from './queries';
import { createStripeClient } from './stripe-client';

// A deleted workspace leaves no personal data behind, at Stripe either: its customer (name, email,
// cards) is deleted there too (decision 0610). Stripe keeps the invoices it must keep by law. The call
// runs as a job after the workspace is gone, so a Stripe outage delays it (retried with back-off) but
// never blocks or undoes the deletion; the job carries only the customer's id.

export const STRIPE_CUSTOMER_ERASE = jobType('stripe-customer-erase', z.object({ customerId: z.string() }));

/** The Stripe customers of these workspaces (read before they are deleted: the rows cascade away). */
export async function stripeCustomersOf(db: Db, workspaceIds: string[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  return customersOfWorkspaces(db, { workspaceIds });
}

/** A workspace still paying must end its subscription first, or Stripe would go on charging for it. */
export async function assertNoLiveSubscription(
  db: Db,
  workspaceIds: string[],
  message: string,
): Promise<void> {
  if (workspaceIds.length === 0) return;
  if (await hasLiveSubscription(db, { workspaceIds })) throw conflict(message);
}

export async function queueStripeCustomerErase(queue: JobSender, customerIds: string[]): Promise<void> {
  for (const customerId of customerIds) {
    await queue.send(STRIPE_CUSTOMER_ERASE, { customerId }, { singletonKey: customerId });
  }
}

export const stripeCustomerEraseJob = defineJob({
  ...STRIPE_CUSTOMER_ERASE,
  queue: { retryLimit: 8, retryDelay: 60, retryBackoff: true },
  async handle({ customerId }, ctx) {
    const stripe = createStripeClient(ctx.config);
    // Payments switched off since: nothing here can reach that account; the operator erases by hand.
    if (!stripe) return;
    try {
      await stripe.customers.del(customerId);
    } catch (err) {
      // Already gone (deleted from Stripe's dashboard, or an earlier try whose answer was lost).
      if ((err as { code?: string }).code === 'resource_missing') return;
      throw err;
    }
  },
});
