import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CreateSubscriptionResponse } from '../../../shared/billing';
import type { Plan } from '../../../shared/plans';
import type { Db } from '../../platform/db/client';
import { AppError, conflict } from '../../platform/http/errors';
import type { UserRow } from '../auth';
import { setWorkspacePlan, type WorkspaceContext } from '../workspaces';
import { hasPaidSubscription } from './access';
import { mirrorSubscription } from './mirror';
import { billingCustomers } from './schema';
import { notConfigured, providerError, type StripeClient } from './stripe-client';

type Log = { error: (obj: object, msg: string) => void };

const EXPAND_SECRET = 'latest_invoice.confirmation_secret';

/**
 * Starts (or resumes) the subscription of one workspace, paid by the person at the keyboard: an `incomplete` Stripe subscription whose first
 * invoice the browser pays with the Payment Element. Reloading the page reuses the open one instead of
 * piling up unpaid subscriptions. Access is granted later, by the webhook, once Stripe says it is active.
 */
export async function createSubscription(opts: {
  db: Db;
  stripe: StripeClient | null;
  priceId: string | undefined;
  workspace: Pick<WorkspaceContext, 'id' | 'name' | 'plan' | 'personal'>;
  /** Who starts it: the Stripe customer's contact when the workspace has none yet. */
  user: UserRow;
  /** The plan the price stands for: remembered as the workspace's choice (decision 0600). */
  plan?: Plan;
  log?: Log;
}): Promise<CreateSubscriptionResponse> {
  const { db, stripe, priceId, workspace } = opts;
  if (!stripe || !priceId) throw notConfigured();
  if (await hasPaidSubscription({ db, workspaceId: workspace.id })) {
    throw conflict('You already have an active subscription.');
  }
  if (opts.plan && opts.plan !== workspace.plan) {
    await setWorkspacePlan(db, workspace.id, opts.plan);
  }
  try {
    const customerId = await ensureCustomer({ db, stripe, workspace, user: opts.user });
    const open = await stripe.subscriptions.list({
      customer: customerId,
      status: 'incomplete',
      price: priceId,
      limit: 10,
      expand: [`data.${EXPAND_SECRET}`],
    });
    let sub = open.data.find((s) => clientSecretOf(s));
    if (!sub) {
      sub = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        // The workspace pays; the person who started the subscription is kept for the record.
        metadata: {
          workspaceId: workspace.id,
          userId: opts.user.id,
          ...(opts.plan ? { plan: opts.plan } : {}),
        },
        expand: [EXPAND_SECRET],
      });
    }
    const clientSecret = clientSecretOf(sub);
    if (!clientSecret) throw new Error(`subscription ${sub.id} has no payment to confirm`);
    // The object's own creation second: any webhook about it is at least as new and may overwrite it.
    await mirrorSubscription({
      db,
      workspaceId: workspace.id,
      subscription: sub,
      sourceCreated: sub.created,
    });
    return { clientSecret, subscriptionId: sub.id };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw providerError(err, opts.log);
  }
}

/** The client secret of the subscription's first invoice (pinned API version: `confirmation_secret`). */
export function clientSecretOf(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * The workspace's Stripe customer: the stored one while Stripe still has it, else a new one (stored).
 * A personal workspace's customer is named after its person, as before workspaces; a shared one after
 * the workspace, with the person starting the subscription as its email contact.
 */
async function ensureCustomer(opts: {
  db: Db;
  stripe: StripeClient;
  workspace: Pick<WorkspaceContext, 'id' | 'name' | 'personal'>;
  user: UserRow;
}): Promise<string> {
  const { db, stripe, workspace, user } = opts;
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.workspaceId, workspace.id))
    .limit(1);
  if (row) {
    const existing = await stripe.customers.retrieve(row.stripeCustomerId).catch((err) => {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    });
    if (existing && !existing.deleted) return existing.id;
    await db.delete(billingCustomers).where(eq(billingCustomers.workspaceId, workspace.id));
  }
  const person = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const created = await stripe.customers.create({
    email: user.email,
    name: workspace.personal ? person : workspace.name,
    metadata: { workspaceId: workspace.id, userId: user.id },
  });
  // Two tabs at once may both create a customer; the first stored wins and the other stays unused.
  await db
    .insert(billingCustomers)
    .values({ workspaceId: workspace.id, stripeCustomerId: created.id })
    .onConflictDoNothing({ target: billingCustomers.workspaceId });
  const [stored] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.workspaceId, workspace.id))
    .limit(1);
  return stored.stripeCustomerId;
}
