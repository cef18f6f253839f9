import type { AppDeps } from '../../../platform/deps';
import { unauthorized } from '../../../platform/http/errors';
import { assertApiPlan } from '../../api-v1';
import { userById } from '../../auth';
import { membership } from '../../workspaces';
import type { McpCaller } from '../tool';
import { markGrantUsed } from './grants';
import { grantOfAccessToken } from './tokens';

/**
 * The caller behind an OAuth access token: a live token of a grant not revoked, issued for this MCP
 * server (its audience: a token for another resource is refused), whose person is still a member of the
 * grant's workspace, on a plan with API access. Acts with the grant's scopes.
 */
export async function oauthCaller(opts: {
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>;
  token: string;
  resource: string;
}): Promise<McpCaller> {
  const { deps } = opts;
  const db = deps.database.db;
  const now = deps.clock();
  const grant = await grantOfAccessToken(db, opts.token, now);
  if (!grant) throw unauthorized('Invalid, expired or revoked access token.');
  if (grant.resource !== opts.resource)
    throw unauthorized('This access token was issued for another server.');
  const workspace = await membership(db, grant.userId, grant.workspaceId);
  const user = workspace ? await userById(db, grant.userId) : null;
  if (!workspace || !user)
    throw unauthorized('This connection no longer works: connect the assistant again.');
  await assertApiPlan(deps, workspace);
  await markGrantUsed(db, grant.id, now);
  return { user, workspace, scopes: grant.scopes, credential: `oauth:${grant.id}` };
}
