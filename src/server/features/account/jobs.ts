import { defineJob, noPayload } from '../../platform/jobs/registry';
import { deleteDeadLinkTokens } from './links';

/** Hourly: reset and confirmation links a day past their expiry or use are removed. */
export const accountLinkCleanupJob = defineJob({
  name: 'account-link-cleanup',
  payload: noPayload,
  cron: '17 * * * *',
  async handle(_data, ctx) {
    await deleteDeadLinkTokens(ctx.database.db, ctx.clock());
  },
});
