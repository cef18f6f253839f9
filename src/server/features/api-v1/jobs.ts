import { lt } from 'drizzle-orm';
import { defineJob, noPayload } from '../../platform/jobs/registry';
import { IDEMPOTENCY_TTL_MS } from './idempotency';
import { apiIdempotencyKeys } from './schema';

/** Hourly: Idempotency-Keys past their 24 hours are forgotten (a reused old key is also freed on use). */
export const idempotencyCleanupJob = defineJob({
  name: 'api-idempotency-cleanup',
  payload: noPayload,
  cron: '23 * * * *',
  async handle(_data, ctx) {
    const before = new Date(ctx.clock().getTime() - IDEMPOTENCY_TTL_MS);
    await ctx.database.db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, before));
  },
});
