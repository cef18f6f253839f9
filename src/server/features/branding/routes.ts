import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandingSettingsSchema,
  claimDomainSchema,
  domainCheckSchema,
  LOGO_MAX_BYTES,
  publicBrandingSchema,
  updateBrandingSchema,
  WHITE_LABEL_UPGRADE_URL,
} from '../../../shared/branding';
import { can } from '../../../shared/workspaces';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace, type WorkspaceContext } from '../workspaces';
import { checkDomain, claimDomain, lapseStaleClaim, ownHosts, releaseDomain } from './domain';
import { deleteLogo, readLogo, saveLogo } from './logo';
import { assertWhiteLabel, whiteLabelStatus } from './plan-gate';
import { publicBranding } from './public';
import { findBranding, saveBranding, settingsView } from './settings';
import { readUpload } from './upload';

const LOGO_FIELD = 'logo';

export async function brandingRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  const tags = ['branding'];
  const settings = { 200: brandingSettingsSchema };

  /** The current workspace's settings, with what its plan and the user's role allow. */
  const view = async (w: WorkspaceContext) => {
    const plan = await whiteLabelStatus({ db, config, workspace: w, now: deps.clock() });
    const canManage = can(w.role, 'branding:manage');
    const notice =
      plan.notice ?? (canManage ? null : `Only an admin or the owner of ${w.name} can change its branding.`);
    await lapseStaleClaim({
      db,
      workspaceId: w.id,
      now: deps.clock(),
      ttlHours: config.DOMAIN_CLAIM_TTL_HOURS,
    });
    return settingsView(await findBranding(db, w.id), {
      allowed: plan.allowed,
      canManage,
      notice,
      upgradeUrl: plan.allowed ? null : WHITE_LABEL_UPGRADE_URL,
    });
  };
  /** Changing branding: the role (403) first, then the plan (402 with the upgrade path). */
  const manageable = async (req: FastifyRequest) => {
    const w = requirePermission(req, 'branding:manage');
    await assertWhiteLabel({ db, config, workspace: w, now: deps.clock() });
    return w;
  };

  r.get('/api/branding', { schema: { tags, response: settings } }, async (req) =>
    view(requireWorkspace(req)),
  );

  r.put(
    '/api/branding',
    { schema: { tags, body: updateBrandingSchema, response: settings } },
    async (req) => {
      const w = await manageable(req);
      await saveBranding({ db, workspaceId: w.id, input: req.body, now: deps.clock() });
      return view(w);
    },
  );

  r.post(
    '/api/branding/logo',
    {
      schema: {
        tags,
        summary: 'Upload the logo',
        description: `multipart/form-data with the image in the field \`${LOGO_FIELD}\` (PNG, JPEG, WebP or SVG, at most ${LOGO_MAX_BYTES / 1024} KB).`,
        response: settings,
      },
    },
    async (req) => {
      const w = await manageable(req);
      if (!req.isMultipart())
        throw badRequest(`Send the image as multipart/form-data in the field "${LOGO_FIELD}".`);
      const bytes = await readUpload(req, LOGO_FIELD, LOGO_MAX_BYTES);
      await saveLogo({ db, workspaceId: w.id, bytes, now: deps.clock() });
      return view(w);
    },
  );

  r.delete('/api/branding/logo', { schema: { tags, response: settings } }, async (req) => {
    const w = requirePermission(req, 'branding:manage');
    await deleteLogo({ db, workspaceId: w.id, now: deps.clock() });
    return view(w);
  });

  // Public (the sign-in page shows it) and cacheable: revalidated by its content hash.
  r.get(
    '/api/branding/logo/:workspaceId',
    {
      schema: {
        tags,
        params: z.object({ workspaceId: z.uuid() }),
        response: {
          200: { description: 'The logo image', content: { 'image/*': { schema: z.string() } } },
        },
      },
    },
    async (req, reply) => {
      const logo = await readLogo({ db, workspaceId: req.params.workspaceId });
      reply.headers(logo.headers).header('etag', logo.etag);
      if (req.headers['if-none-match'] === logo.etag) return (reply as FastifyReply).code(304).send();
      return reply.send(logo.bytes as never);
    },
  );

  r.put(
    '/api/branding/domain',
    { schema: { tags, body: claimDomainSchema, response: settings } },
    async (req) => {
      const w = await manageable(req);
      await claimDomain({
        db,
        workspaceId: w.id,
        domain: req.body.domain,
        ownHosts: ownHosts(config, req.hostname),
        now: deps.clock(),
      });
      return view(w);
    },
  );

  r.delete('/api/branding/domain', { schema: { tags, response: settings } }, async (req) => {
    const w = requirePermission(req, 'branding:manage');
    await releaseDomain({ db, workspaceId: w.id, now: deps.clock() });
    return view(w);
  });

  r.post(
    '/api/branding/domain/check',
    { schema: { tags, response: { 200: domainCheckSchema } } },
    async (req) => {
      const w = requirePermission(req, 'branding:manage');
      return checkDomain({ db, config, workspaceId: w.id, now: deps.clock() });
    },
  );

  // Every page asks this at start. The host is the request's (X-Forwarded-Host only with TRUST_PROXY).
  r.get('/api/branding/public', { schema: { tags, response: { 200: publicBrandingSchema } } }, async (req) =>
    publicBranding({ db, config, now: deps.clock(), host: req.hostname || null, workspace: req.workspace }),
  );
}
