import { defineJob, noPayload } from '../../platform/jobs/registry';
import { recheckDue } from './daily';
import { configuredResolver } from './resolver';
import { recordStanding } from './standing-store';
import type { MailboxSource } from './store';

/**
 * Every day: the domains of each workspace's mailboxes (`mailboxes`: Smartlead's, passed by the features
 * list) added, then the sending domains rechecked; a state change becomes a notice and a `domain.changed` event.
 */
export const deliverabilityRecheckJob = (mailboxes: MailboxSource) =>
  defineJob({
    name: 'deliverability-recheck',
    payload: noPayload,
    cron: '20 4 * * *',
    queue: { retryLimit: 2, expireInSeconds: 3600 },
    async handle(_data, ctx) {
      const db = ctx.database.db;
      const withKey = await mailboxes.workspaceIds(db);
      const resolver = configuredResolver(ctx.config);
      try {
        const out = await recheckDue({
          db,
          config: ctx.config,
          resolver,
          now: ctx.clock(),
          queue: ctx.queue,
          mailboxes: {
            workspaceIds: withKey,
            read: (workspaceId) => mailboxes.read({ db, config: ctx.config, workspaceId }),
          },
          onError: (workspaceId, err) =>
            ctx.log.error({ workspaceId, err }, 'sending domains: mailboxes not read'),
        });
        ctx.log.info(out, 'sending domains rechecked');
      } finally {
        resolver.close();
      }
    },
  });

/** Every hour (and at boot in processes that verify): the verifier's own standing, for the operator. */
export const verifierStandingJob = defineJob({
  name: 'verifier-standing',
  payload: noPayload,
  cron: '7 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 600 },
  async handle(_data, ctx) {
    for (const standing of await recordStanding({
      db: ctx.database.db,
      config: ctx.config,
      now: ctx.clock(),
    })) {
      const way = { ip: standing.ip, proxy: standing.proxy ?? undefined };
      if (standing.ok) ctx.log.info(way, 'verifier standing: good');
      // No address known (a plain install names none): not an error of the service; the status page says what to set.
      else if (standing.ip === null)
        ctx.log.info({ ...way, problems: standing.problems }, 'verifier standing: not checked');
      else ctx.log.error({ ...way, problems: standing.problems }, 'verifier standing: problems');
    }
  },
});
