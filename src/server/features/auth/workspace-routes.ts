import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { switchWorkspaceSchema, workspaceListSchema, workspaceSchema } from '../../../shared/workspaces';
import type { AppDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { listWorkspaces, requireWorkspace } from '../workspaces';
import { requireUser } from './request-user';
import { SESSION_COOKIE, switchWorkspace } from './sessions';

/**
 * The signed-in person's workspaces and the session's choice among them. They are auth's routes, not
 * workspaces': they ask who the person is and change the session, and auth stands on workspaces (a
 * session resolves to a membership), never the other way.
 */
export async function sessionWorkspaceRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['workspaces'];

  r.get('/api/workspaces', { schema: { tags, response: { 200: workspaceListSchema } } }, async (req) =>
    listWorkspaces({ db, userId: requireUser(req).id, current: requireWorkspace(req) }),
  );

  // The top bar's switcher: the session (this browser) works in another of the user's workspaces.
  r.post(
    '/api/workspaces/switch',
    { schema: { tags, body: switchWorkspaceSchema, response: { 200: workspaceSchema } } },
    async (req) => {
      const user = requireUser(req);
      const token = req.cookies[SESSION_COOKIE];
      if (!token || req.authKind !== 'session') throw unauthorized();
      const w = await switchWorkspace({
        db,
        userId: user.id,
        sessionToken: token,
        workspaceId: req.body.workspaceId,
      });
      return { id: w.id, name: w.name, role: w.role, personal: w.personal, current: true };
    },
  );
}
