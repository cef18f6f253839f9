import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdInvitationSchema,
  createInvitationSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  okSchema,
  workspaceSchema,
} from '../../../shared/workspaces';
import type { AppDeps } from '../../platform/deps';
import { linkOrigin, NO_PUBLIC_URL } from '../../platform/http/public-origin';
import type { AppInstance } from '../../platform/http/types';
import { requireUser } from '../auth';
import { productNameFor } from '../branding';
import { requirePermission, requireWorkspace } from '../workspaces';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations';
import { assertInviteRate } from './invite-limits';
import { mailInvitation } from './team-invite-mail';
import { assertCanInvite } from './team-plan';

export async function invitationRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config, clock } = deps;
  const tags = ['team'];

  r.get(
    '/api/workspaces/current/invitations',
    { schema: { tags, response: { 200: invitationListSchema } } },
    async (req) => listInvitations(db, requirePermission(req, 'members:manage').id, clock()),
  );

  r.post(
    '/api/workspaces/current/invitations',
    { schema: { tags, body: createInvitationSchema, response: { 201: createdInvitationSchema } } },
    async (req, reply) => {
      const workspace = requirePermission(req, 'members:manage');
      const user = requireUser(req);
      const now = clock();
      await assertCanInvite({ db, config, workspace, now });
      await assertInviteRate({
        db,
        workspaceId: workspace.id,
        inviterId: user.id,
        now,
        limits: {
          perWorkspace: config.WORKSPACE_INVITES_PER_HOUR,
          perAccount: config.ACCOUNT_INVITES_PER_HOUR,
        },
      });
      const { invitation, token } = await createInvitation({
        db,
        workspace,
        inviter: user,
        email: req.body.email,
        role: req.body.role,
        now,
        ttlHours: config.WORKSPACE_INVITE_TTL_HOURS,
      });
      // Without a trusted origin the inviter gets the path (the page shows it on its own address) and no
      // mail is sent: a link built on the request's Host could point anywhere.
      const origin = linkOrigin(req, config);
      const link = `${origin ?? ''}/invite/${token}`;
      const mail = origin
        ? await mailInvitation({
            config,
            productName: await productNameFor({ db, config, now, workspaceId: workspace.id }),
            to: invitation.email,
            workspaceName: workspace.name,
            inviter: user.username,
            role: invitation.role,
            link,
            expiresAt: new Date(invitation.expiresAt),
          })
        : {
            emailed: config.SMTP_RELAY_URL ? false : null,
            emailError: config.SMTP_RELAY_URL ? NO_PUBLIC_URL : null,
          };
      return reply.code(201).send({ ...invitation, link, ...mail });
    },
  );

  r.delete(
    '/api/workspaces/current/invitations/:id',
    { schema: { tags, params: z.object({ id: z.string().uuid() }), response: { 200: okSchema } } },
    async (req) => {
      const workspace = requirePermission(req, 'members:manage');
      await revokeInvitation({
        db,
        workspaceId: workspace.id,
        id: req.params.id,
        userId: requireUser(req).id,
        now: clock(),
      });
      return { ok: true as const };
    },
  );

  // The acceptance page, before anyone signs in: whose workspace, who invited, whether the link holds.
  r.get(
    '/api/invitations/preview',
    { schema: { tags, querystring: invitationTokenSchema, response: { 200: invitationPreviewSchema } } },
    async (req) => previewInvitation({ db, config, token: req.query.token, now: clock() }),
  );

  r.post(
    '/api/invitations/accept',
    { schema: { tags, body: invitationTokenSchema, response: { 200: workspaceSchema } } },
    async (req) => {
      const user = requireUser(req);
      const current = requireWorkspace(req);
      const now = clock();
      const w = await acceptInvitation({
        db,
        token: req.body.token,
        user,
        now,
        checkPlan: (workspace) => assertCanInvite({ db, config, workspace, now }),
      });
      return { id: w.id, name: w.name, role: w.role, personal: w.personal, current: w.id === current.id };
    },
  );
}
