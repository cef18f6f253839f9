import { API_SCOPE_LABELS, type ApiScope } from '../../../../shared/api-tokens';
import type { AuthorizeRequest, ConsentView } from '../../../../shared/mcp-oauth';
import type { Db } from '../../../platform/db/client';
import { badRequest } from '../../../platform/http/errors';
import type { WorkspaceContext } from '../../workspaces';
import { createGrant, findClient, scopesOf } from './grants';
import { issueCode } from './tokens';

/**
 * Checks an authorization request before anything is shown or issued: a known client, one of its own
 * redirect URIs (matched exactly), and this server's MCP resource. A failure here is said on the page and
 * never redirected (an unchecked redirect URI would be an open redirector).
 */
async function checked(db: Db, req: AuthorizeRequest, resource: string) {
  const client = await findClient(db, req.client_id);
  if (!client) throw badRequest('This assistant is not registered here: start the connection again from it.');
  if (!client.redirectUris.includes(req.redirect_uri)) {
    throw badRequest(
      'This address to return to was not registered by the assistant: start the connection again.',
    );
  }
  if (req.resource !== undefined && req.resource.replace(/\/+$/, '') !== resource) {
    throw badRequest(`This assistant asks for access to another server (${req.resource}).`);
  }
  const scopes = scopesOf(req.scope);
  if (!scopes.length) throw badRequest('The assistant asks for no permission this server knows.');
  return { client, scopes };
}

/** What the consent screen names: the client, where it returns, the workspace and the scopes. */
export async function consentView(opts: {
  db: Db;
  request: AuthorizeRequest;
  workspace: WorkspaceContext;
  resource: string;
}): Promise<ConsentView> {
  const { client, scopes } = await checked(opts.db, opts.request, opts.resource);
  return {
    clientName: client.clientName,
    redirectHost: new URL(opts.request.redirect_uri).host,
    workspace: { id: opts.workspace.id, name: opts.workspace.name },
    scopes: scopes.map((s) => ({ scope: s, label: API_SCOPE_LABELS[s as ApiScope] })),
  };
}

/**
 * The person's answer. Allowed: a grant in their current workspace with the scopes shown, and a one-time
 * code sent back to the client's redirect URI with its state. Denied: `error=access_denied`.
 */
export async function decideConsent(opts: {
  db: Db;
  request: AuthorizeRequest;
  approve: boolean;
  granted?: string[];
  userId: string;
  workspace: WorkspaceContext;
  resource: string;
  now: Date;
}): Promise<{ redirectTo: string }> {
  const checkedRequest = await checked(opts.db, opts.request, opts.resource);
  const { client } = checkedRequest;
  const scopes = opts.granted
    ? checkedRequest.scopes.filter((s) => opts.granted?.includes(s))
    : checkedRequest.scopes;
  const back = new URL(opts.request.redirect_uri);
  if (opts.request.state !== undefined) back.searchParams.set('state', opts.request.state);
  if (!opts.approve || !scopes.length) {
    back.searchParams.set('error', 'access_denied');
    return { redirectTo: back.toString() };
  }
  const grant = await createGrant({
    db: opts.db,
    clientId: client.clientId,
    userId: opts.userId,
    workspaceId: opts.workspace.id,
    scopes,
    resource: opts.resource,
    now: opts.now,
  });
  const code = await issueCode({
    db: opts.db,
    grantId: grant.id,
    redirectUri: opts.request.redirect_uri,
    codeChallenge: opts.request.code_challenge,
    now: opts.now,
  });
  back.searchParams.set('code', code);
  return { redirectTo: back.toString() };
}
