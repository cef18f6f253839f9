import { defineJob, noPayload } from '../../platform/jobs/registry';
import { purgeCanceledWorkspaces } from './canceled';
import { deleteExpiredActivity, deleteExpiredScrapes, deleteExpiredUsage } from './sweep';

/** Daily: scrapes, activity and usage counters past their retention; canceled workspaces' data after 30 days. */
export const retentionSweepJob = defineJob({
  name: 'retention-sweep',
  payload: noPayload,
  cron: '37 3 * * *',
  async handle(_data, ctx) {
    const db = ctx.database.db;
    const now = ctx.clock();
    const c = ctx.config;
    const removed = {
      scrapes: await deleteExpiredScrapes({ db, now, days: c.SCRAPES_RETENTION_DAYS }),
      activity: await deleteExpiredActivity({ db, now, days: c.ACTIVITY_RETENTION_DAYS }),
      usage: await deleteExpiredUsage({ db, now, months: c.USAGE_RETENTION_MONTHS }),
      canceledWorkspaces: (await purgeCanceledWorkspaces({ db, now })).length,
    };
    ctx.log.info(removed, 'retention sweep');
  },
});
