import type { FastifyRequest } from 'fastify';
import { can, PERMISSIONS, type Permission } from '../../../shared/workspaces';
import { AppError, unauthorized } from '../../platform/http/errors';
import type { WorkspaceContext } from './resolve';

/** The workspace of a signed-in request, or a 401. Every query on workspace data filters by its id. */
export function requireWorkspace(req: FastifyRequest): WorkspaceContext {
  if (!req.user || !req.workspace) throw unauthorized();
  return req.workspace;
}

/** The workspace, when the user's role there allows the action; else a 403 that says who can. */
export function requirePermission(req: FastifyRequest, permission: Permission): WorkspaceContext {
  const workspace = requireWorkspace(req);
  if (!can(workspace.role, permission)) {
    const least = PERMISSIONS[permission];
    throw new AppError(
      'forbidden',
      `Your role in ${workspace.name} (${workspace.role}) does not allow this. Ask ${least === 'owner' ? 'the owner' : 'an admin or the owner'} of the workspace.`,
      { role: workspace.role, requiredRole: least, permission },
    );
  }
  return workspace;
}
