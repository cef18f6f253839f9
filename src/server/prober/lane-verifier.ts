import type { JobContext } from '../jobs/registry';
import type { Verifier } from '../verification';
import { engineLogger, processVerifier } from './process-verifier';

/** The process's verifier as the lists lanes use it. */
export function laneVerifier(ctx: Pick<JobContext, 'config' | 'database' | 'log'>): Verifier {
  return processVerifier({ config: ctx.config, database: ctx.database, logger: engineLogger(ctx.log) });
}
