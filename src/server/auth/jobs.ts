import { defineJob } from '../jobs/registry';
import { deleteStaleLoginFailures } from './login-limit';
import { deleteExpiredSessions } from './sessions';

/** Scheduled every 15 minutes: expired sessions and old failed-login counters are removed. */
export const sessionCleanupJob = defineJob<Record<string, never>>({
  name: 'session-cleanup',
  cron: '*/15 * * * *',
  async handle(_data, ctx) {
    const now = ctx.clock();
    const removed = await deleteExpiredSessions({ db: ctx.database.db, now });
    await deleteStaleLoginFailures({ db: ctx.database.db, before: new Date(now.getTime() - 86_400_000) });
    ctx.log.info({ removed }, 'expired sessions removed');
  },
});
