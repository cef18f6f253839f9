import { type Clock, systemClock } from '../../platform/clock';
import type { JobContext } from '../../platform/jobs/registry';
import { DbProbeBudget } from '../probe-budget';
import type { Verifier } from '../verification';
import { DbHostCoordinator } from './fleet-slots';
import { DbKnowledge } from './knowledge';
import { engineLogger, registeredProber } from './registry';

/** What a caller hands over to get the process's prober: its job context, or a route's parts of it. */
type ProberCaller = Pick<JobContext, 'config' | 'database' | 'log' | 'sleep' | 'metrics'> & {
  clock?: Clock;
};

/**
 * The process's one shared prober, handed to a job (a list's lane, a find, a send's check, an
 * estimate): every caller gets the same verifier, with its database-backed parts: shared knowledge
 * (domain facts, mailbox verdicts) on either database, and fleet-wide connection slots on PostgreSQL,
 * where other processes probe too. The embedded database belongs to one process: its limits stay in
 * memory.
 */
export function processProber(ctx: ProberCaller): Verifier {
  const { config, database } = ctx;
  const clock = ctx.clock ?? systemClock;
  return registeredProber({
    config,
    database,
    logger: engineLogger(ctx.log),
    observer: ctx.metrics?.engineObserver,
    sleep: ctx.sleep,
    extend: (options) => ({
      ...options,
      knowledge: new DbKnowledge(database.db, {
        domainS: config.VERIFICATION_DOMAIN_TTL_S,
        mailboxS: config.VERIFICATION_MAILBOX_TTL_S,
      }),
      // Every probe sent for a workspace is spent from its budget (decision 0860), fleet-wide.
      budget: new DbProbeBudget({ db: database.db, config, clock }),
      coordinator:
        database.kind === 'postgres'
          ? new DbHostCoordinator(database.db, config.PROBER_SLOT_LEASE_S)
          : undefined,
    }),
  });
}
