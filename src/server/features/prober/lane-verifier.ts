import { type Clock, systemClock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/client';
import type { JobContext } from '../../platform/jobs/registry';
import { DbProbeBudget } from '../probe-budget';
import type { Verifier } from '../verification';
import { DbHostCoordinator } from './fleet-slots';
import { DbKnowledge } from './knowledge';
import { engineLogger, processVerifier } from './process-verifier';

/**
 * The process's verifier with its database-backed parts: shared knowledge (domain facts, mailbox
 * verdicts) on either database, and fleet-wide connection slots on PostgreSQL, where other
 * processes probe too. The embedded database belongs to one process: its limits stay in memory.
 */
export function laneVerifier(
  ctx: Pick<JobContext, 'config' | 'database' | 'log' | 'sleep'> & { clock?: Clock },
): Verifier {
  return databaseVerifier(ctx.config, ctx.database, ctx.log, ctx.sleep, ctx.clock ?? systemClock);
}

function databaseVerifier(
  config: Config,
  database: Database,
  log: JobContext['log'],
  sleep: JobContext['sleep'],
  clock: Clock,
): Verifier {
  return processVerifier({
    config,
    database,
    logger: engineLogger(log),
    sleep,
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
