import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { assertNoLiveSubscription, queueStripeCustomerErase, stripeCustomersOf } from '../billing';
import { deleteWorkspaceRow, type WorkspaceContext } from '../workspaces';

/**
 * Deletes a workspace with everything in it (members, invitations, log; its data through the foreign
 * keys). A personal workspace is never deleted: it holds the account's own work, and it is where its
 * creator lands when leaving the others. One still paying is not deleted either (Stripe would go on
 * charging for it); its Stripe customer is deleted at Stripe afterwards (billing/customer-erase.ts).
 */
export async function deleteWorkspace(opts: {
  db: Db;
  queue: JobSender;
  workspace: WorkspaceContext;
  confirmName: string;
}) {
  const { workspace } = opts;
  if (workspace.personal) {
    throw badRequest(
      'A personal workspace cannot be deleted: it holds your account’s own lists and settings. Remove its members instead.',
    );
  }
  if (opts.confirmName.trim() !== workspace.name) {
    throw badRequest(`Type the workspace's name (${workspace.name}) to confirm.`);
  }
  await assertNoLiveSubscription(
    opts.db,
    [workspace.id],
    'This workspace’s subscription is still active. Cancel it first (Settings → Billing), then delete the workspace.',
  );
  const customers = await stripeCustomersOf(opts.db, [workspace.id]);
  await deleteWorkspaceRow(opts.db, workspace.id);
  await queueStripeCustomerErase(opts.queue, customers);
}
