import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityPageSchema,
  activityQuerySchema,
  changeRoleSchema,
  deleteWorkspaceSchema,
  okSchema,
  teamSchema,
  transferSchema,
} from '../../../shared/workspaces';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { requireUser } from '../auth';
import { uploadNameOf } from '../lists';
import { installActivityLog, requirePermission, requireWorkspace } from '../workspaces';
import { listActivity } from './team-activity';
import { invitationRoutes } from './team-invite-routes';
import { changeRole, leaveWorkspace, listMembers, removeMember, transferOwnership } from './team-members';
import { deleteWorkspace } from './team-owner';
import { invitingState } from './team-plan';

const ok = { ok: true as const };

/** Team management of the current workspace (docs/decisions/0810-team.md), and its activity log. */
export async function teamRoutes(app: AppInstance, deps: AppDeps) {
  installActivityLog(app, deps, uploadNameOf);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock } = deps;
  const tags = ['team'];
  const memberParams = z.object({ userId: z.string().uuid() });

  r.get(
    '/api/workspaces/current/members',
    { schema: { tags, response: { 200: teamSchema } } },
    async (req) => {
      const workspace = requireWorkspace(req);
      const user = requireUser(req);
      const [members, inviting] = await Promise.all([
        listMembers(db, workspace, user.id),
        invitingState({ db, config, workspace, now: clock() }),
      ]);
      return {
        workspace: { id: workspace.id, name: workspace.name, personal: workspace.personal },
        yourRole: workspace.role,
        members,
        inviting,
      };
    },
  );

  r.patch(
    '/api/workspaces/current/members/:userId',
    { schema: { tags, params: memberParams, body: changeRoleSchema, response: { 200: okSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'members:manage');
      const userId = requireUser(req).id;
      await changeRole({
        db,
        workspace,
        userId,
        now: clock(),
        targetId: req.params.userId,
        role: req.body.role,
      });
      return ok;
    },
  );

  r.delete(
    '/api/workspaces/current/members/:userId',
    { schema: { tags, params: memberParams, response: { 200: okSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'members:manage');
      await removeMember({
        db,
        workspace,
        userId: requireUser(req).id,
        now: clock(),
        targetId: req.params.userId,
      });
      return ok;
    },
  );

  r.post('/api/workspaces/current/leave', { schema: { tags, response: { 200: okSchema } } }, async (req) => {
    await leaveWorkspace({ db, workspace: requireWorkspace(req), userId: requireUser(req).id, now: clock() });
    return ok;
  });

  r.post(
    '/api/workspaces/current/transfer',
    { schema: { tags, body: transferSchema, response: { 200: okSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'workspace:transfer');
      await transferOwnership({
        db,
        workspace,
        userId: requireUser(req).id,
        now: clock(),
        targetId: req.body.userId,
      });
      return ok;
    },
  );

  r.delete(
    '/api/workspaces/current',
    { schema: { tags, body: deleteWorkspaceSchema, response: { 200: okSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'workspace:delete');
      await deleteWorkspace({ db, queue: deps.queue, workspace, confirmName: req.body.confirmName });
      return ok;
    },
  );

  r.get(
    '/api/workspaces/current/activity',
    { schema: { tags, querystring: activityQuerySchema, response: { 200: activityPageSchema } } },
    async (req) => listActivity({ db, workspace: requireWorkspace(req), ...req.query }),
  );

  await invitationRoutes(app, deps);
}
