import { createHash, randomBytes } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { WebhookEventType, WebhookPayload } from '../../../shared/webhooks';
import type { Db } from '../../platform/db/client';
import { type JobSender, jobType } from '../../platform/jobs/registry';
import { findOwnEndpoint } from './endpoints';
import { webhookDeliveries, webhookEndpoints } from './schema';

export const WEBHOOK_DELIVER_JOB = jobType('webhook-deliver', z.object({ deliveryId: z.string() }));

/** An event id: derived from `key` when given (the same fact reported twice is one event), else random. */
const eventId = (key?: string) =>
  `evt_${key ? createHash('sha256').update(key).digest('hex').slice(0, 24) : randomBytes(12).toString('hex')}`;

async function queueDeliveries(queue: JobSender | undefined, ids: string[]) {
  // Without a queue at hand the sweep job picks them up within a minute.
  if (!queue) return;
  for (const id of ids) await queue.send(WEBHOOK_DELIVER_JOB, { deliveryId: id });
}

/**
 * Records an event for every endpoint of the workspace subscribed to its type, and queues the deliveries.
 * `key` names the fact (e.g. `list.completed:<list id>:<run>`): reporting it again adds nothing, so
 * callers may emit from code paths that can run twice. Returns the number of deliveries created.
 */
export async function emitWebhookEvent(opts: {
  db: Db;
  queue?: JobSender;
  workspaceId: string;
  type: Exclude<WebhookEventType, 'test'>;
  data: Record<string, unknown>;
  key?: string;
  now?: Date;
}): Promise<number> {
  const { db } = opts;
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, opts.workspaceId),
        arrayContains(webhookEndpoints.events, [opts.type]),
      ),
    );
  if (!endpoints.length) return 0;
  const now = opts.now ?? new Date();
  const payload: WebhookPayload = {
    id: eventId(opts.key),
    type: opts.type,
    createdAt: now.toISOString(),
    data: opts.data,
  };
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((e) => ({
        endpointId: e.id,
        workspaceId: opts.workspaceId,
        eventId: payload.id,
        type: opts.type,
        payload,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  await queueDeliveries(
    opts.queue,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** The "send test event" button: one `test` event to one endpoint, whatever it subscribed to. */
export async function sendTestEvent(opts: {
  db: Db;
  queue: JobSender;
  workspaceId: string;
  endpointId: string;
  /** The workspace's product name (White Label): the receiver is its customer's system. */
  productName: string;
}) {
  const endpoint = await findOwnEndpoint(opts);
  const now = new Date();
  const payload: WebhookPayload = {
    id: eventId(),
    type: 'test',
    createdAt: now.toISOString(),
    data: { message: `This is a test event from ${opts.productName}.` },
  };
  const [row] = await opts.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      workspaceId: opts.workspaceId,
      eventId: payload.id,
      type: 'test',
      payload,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  await queueDeliveries(opts.queue, [row.id]);
  return row;
}
