import { defineJob, noPayload } from '../../platform/jobs/registry';
import { deleteStaleLoginState, loginLimitsOf } from './login-limit';
import { deleteExpiredSessions } from './sessions';
import { deleteExpiredChallenges } from './two-factor-challenge';

/**
 * Scheduled every 15 minutes: expired sessions, old sign-in counters, unused known addresses and unfinished
 * two-factor sign-ins are removed.
 */
export const sessionCleanupJob = defineJob({
  name: 'session-cleanup',
  payload: noPayload,
  cron: '*/15 * * * *',
  async handle(_data, ctx) {
    const now = ctx.clock();
    const removed = await deleteExpiredSessions({ db: ctx.database.db, now });
    await deleteStaleLoginState({ db: ctx.database.db, now, limits: loginLimitsOf(ctx.config) });
    await deleteExpiredChallenges({ db: ctx.database.db, now });
    ctx.log.info({ removed }, 'expired sessions removed');
  },
});
