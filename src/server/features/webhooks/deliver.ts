import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { DELIVERY_HEADER, EVENT_HEADER, NEUTRAL_HEADERS, SIGNATURE_HEADER } from '../../../shared/webhooks';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import { safeFetchText, UnsafeUrlError } from '../../platform/net/safe-fetch';
import { backoffDelay } from '../../platform/retry';
import { userAgentName } from '../branding';
import { WEBHOOK_DELIVER_JOB } from './emit';
import { openSecret } from './endpoints';
import { webhooksRefusal } from './plan-gate';
import { webhookDeliveries, webhookEndpoints } from './schema';
import { signature } from './sign';

type DeliverConfig = Pick<
  Config,
  | 'ENCRYPTION_KEY'
  | 'dataDir'
  | 'SAFE_FETCH_ALLOW_LOOPBACK'
  | 'WEBHOOK_RETRY_BASE_MS'
  | 'WEBHOOK_MAX_ATTEMPTS'
  | 'WEBHOOK_TIMEOUT_MS'
  | 'STRIPE_PRICE_ID'
  | 'STRIPE_PRICE_HOBBYIST'
  | 'STRIPE_PRICE_PROFESSIONAL'
  | 'STRIPE_PRICE_WHITELABEL'
>;

/** What the delivery log says of a destination the SSRF guard refused (never the address it found). */
export const UNSAFE_DESTINATION = 'Refused: destination not allowed.';

/**
 * Delay before attempt n+1 after n failed attempts: base, 2×base, 4×base... capped at six hours, without
 * jitter: the schedule is documented to webhook receivers.
 */
export const backoffMs = (base: number, failed: number) =>
  backoffDelay(failed, { baseMs: base, maxMs: 6 * 3600_000 });

/**
 * One attempt at one delivery. The row is claimed first (its next attempt pushed past this one's
 * timeout), so a retry job and the sweep never post the same delivery at once. The body is signed at
 * send time with the current timestamp. A 2xx ends it; anything else schedules the next attempt with
 * back-off, until WEBHOOK_MAX_ATTEMPTS. Times here are wall-clock: they are about waiting, not rules.
 */
export async function deliverWebhook(opts: {
  db: Db;
  config: DeliverConfig;
  queue?: JobSender;
  deliveryId: string;
  /** The app's clock, for the plan rule (the trial's end); waits below are wall-clock. */
  clock?: () => Date;
}): Promise<'delivered' | 'retry' | 'failed' | 'skipped'> {
  const { db, config } = opts;
  const now = new Date();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({
      nextAttemptAt: new Date(now.getTime() + config.WEBHOOK_TIMEOUT_MS * 2),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, opts.deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
      ),
    )
    .returning();
  if (!claimed) return 'skipped';
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!endpoint) return 'skipped';
  // The plan is the workspace's now, not when the event happened: after a downgrade nothing goes out.
  const refusal = await webhooksRefusal({
    db,
    config,
    workspaceId: endpoint.workspaceId,
    now: opts.clock?.() ?? now,
  });
  if (refusal) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: `Not sent: ${refusal.message}`, nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, claimed.id));
    return 'failed';
  }

  const body = JSON.stringify(claimed.payload);
  // A White Label workspace's receivers see its product name, not ours.
  const agent = await userAgentName({ db, config, now, workspaceId: endpoint.workspaceId });
  const signed = signature({
    secret: openSecret({ config, endpoint }),
    timestamp: Math.floor(Date.now() / 1000),
    body,
  });
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await safeFetchText(endpoint.url, {
      method: 'POST',
      body,
      maxRedirects: 0,
      maxBytes: 4096,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowLoopback: config.SAFE_FETCH_ALLOW_LOOPBACK,
      headers: {
        'content-type': 'application/json',
        'user-agent': `${agent}-Webhooks/1.0`,
        accept: '*/*',
        [SIGNATURE_HEADER]: signed,
        [EVENT_HEADER]: claimed.type,
        [DELIVERY_HEADER]: claimed.id,
        [NEUTRAL_HEADERS.signature]: signed,
        [NEUTRAL_HEADERS.event]: claimed.type,
        [NEUTRAL_HEADERS.delivery]: claimed.id,
      },
    });
    statusCode = res.status;
    if (res.status < 200 || res.status >= 300) error = `The endpoint answered HTTP ${res.status}`;
  } catch (err) {
    // The SSRF guard's wording names what the host resolved to: the log says only that it was refused.
    error =
      err instanceof UnsafeUrlError
        ? UNSAFE_DESTINATION
        : `Could not reach the endpoint: ${(err as Error).message}`.slice(0, 300);
  }

  const attempts = claimed.attempts;
  if (!error) {
    await db
      .update(webhookDeliveries)
      .set({
        status: 'delivered',
        lastStatusCode: statusCode,
        lastError: null,
        deliveredAt: new Date(),
        nextAttemptAt: null,
      })
      .where(eq(webhookDeliveries.id, claimed.id));
    return 'delivered';
  }
  if (attempts >= config.WEBHOOK_MAX_ATTEMPTS) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastStatusCode: statusCode, lastError: error, nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, claimed.id));
    return 'failed';
  }
  const next = new Date(Date.now() + backoffMs(config.WEBHOOK_RETRY_BASE_MS, attempts));
  await db
    .update(webhookDeliveries)
    .set({ lastStatusCode: statusCode, lastError: error, nextAttemptAt: next })
    .where(eq(webhookDeliveries.id, claimed.id));
  await opts.queue?.send(WEBHOOK_DELIVER_JOB, { deliveryId: claimed.id }, { startAfter: next });
  return 'retry';
}

/** Deliveries whose attempt is due but whose job was lost (restart, crash): for the sweep. */
export async function dueDeliveries(opts: { db: Db; before: Date; limit?: number }): Promise<string[]> {
  const rows = await opts.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, opts.before)))
    .limit(opts.limit ?? 500);
  return rows.map((r) => r.id);
}
