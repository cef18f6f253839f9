import type { AppDeps } from '../../platform/deps';
import { quotaLeft } from '../usage';
import type { WorkspacePlan } from '../workspaces';

/** The credit headers of API v1 answers: list verifications and finds left this month, and when they reset. */
export const CREDIT_HEADERS = {
  verifications: 'x-credits-remaining',
  finds: 'x-finds-remaining',
  resetsAt: 'x-credits-reset',
} as const;

/** "unlimited" where the plan sets no limit. */
export async function creditsHeaders(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  workspace: WorkspacePlan,
): Promise<Record<string, string>> {
  const left = await quotaLeft({ db: deps.database.db, config: deps.config, workspace, now: deps.clock() });
  return {
    [CREDIT_HEADERS.verifications]: left.verification === null ? 'unlimited' : String(left.verification),
    [CREDIT_HEADERS.finds]: left.find === null ? 'unlimited' : String(left.find),
    [CREDIT_HEADERS.resetsAt]: left.resetsAt,
  };
}
