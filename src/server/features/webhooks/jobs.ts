import { and, lt, ne } from 'drizzle-orm';
import { defineJob, noPayload } from '../../platform/jobs/registry';
import { deliverWebhook, dueDeliveries } from './deliver';
import { WEBHOOK_DELIVER_JOB } from './emit';
import { webhookDeliveries } from './schema';

/** One attempt at one webhook delivery; the next attempt, if any, is queued by the attempt itself. */
export const webhookDeliverJob = defineJob({
  ...WEBHOOK_DELIVER_JOB,
  queue: { retryLimit: 1, retryDelay: 30, expireInSeconds: 300 },
  work: { localConcurrency: 4, pollingIntervalSeconds: 1 },
  async handle(data, ctx) {
    const outcome = await deliverWebhook({
      db: ctx.database.db,
      config: ctx.config,
      queue: ctx.queue,
      deliveryId: data.deliveryId,
      clock: ctx.clock,
    });
    if (outcome !== 'skipped') ctx.log.info({ deliveryId: data.deliveryId, outcome }, 'webhook delivery');
  },
});

/** Every minute: deliveries due for a while whose job went missing (restart, events emitted without a queue). */
export const webhookSweepJob = defineJob({
  name: 'webhook-sweep',
  payload: noPayload,
  cron: '* * * * *',
  async handle(_data, ctx) {
    const ids = await dueDeliveries({ db: ctx.database.db, before: new Date(Date.now() - 15_000) });
    for (const deliveryId of ids) await ctx.queue.send(WEBHOOK_DELIVER_JOB, { deliveryId });
  },
});

/** Daily: the delivery log keeps 30 days (usage logs are kept 90 days; deliveries are not billing). */
export const webhookLogRetentionJob = defineJob({
  name: 'webhook-log-retention',
  payload: noPayload,
  cron: '41 3 * * *',
  async handle(_data, ctx) {
    const before = new Date(ctx.clock().getTime() - 30 * 86_400_000);
    await ctx.database.db
      .delete(webhookDeliveries)
      .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')));
  },
});

export const webhookJobs = [webhookDeliverJob, webhookSweepJob, webhookLogRetentionJob];
