import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, apiListSchema, listIdParamsSchema, toApiList } from '../../../shared/api-v1';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { cancelVerification, getUploadStatus, startVerification } from '../lists';
import { requirePermission } from '../workspaces';

/**
 * Stop and resume a list through API v1, as the results screen's Stop and "Verify the rest" buttons
 * (lists/controls.ts, lists/start.ts). Registered inside the v1 scope, which authenticates the token and
 * rate limits it; `routeConfig` is that scope's per-route config.
 */
export function apiV1ListControlRoutes(
  app: AppInstance,
  deps: AppDeps,
  opts: {
    routeConfig: object;
    tags: string[];
    security: { [label: string]: string[] }[];
    errors: Record<number, typeof apiErrorSchema>;
    note: string;
  },
) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: opts.tags, security: opts.security, params: listIdParamsSchema };

  r.post(
    '/lists/:id/stop',
    {
      config: opts.routeConfig,
      schema: {
        ...common,
        summary: 'Stop verifying a list',
        description:
          'Rows verified so far keep their verdicts; the others stay unverified until the list is resumed. ' +
          'Stopping a stopped list answers the same; a list that is not running answers 409. Webhooks get ' +
          `\`list.cancelled\` (or \`list.completed\` when nothing was left).${opts.note}`,
        response: { 200: apiListSchema, 409: apiErrorSchema, ...opts.errors },
      },
    },
    async (req) =>
      toApiList(
        await cancelVerification({
          db,
          queue: deps.queue,
          workspaceId: requirePermission(req, 'lists:verify').id,
          uploadId: req.params.id,
          now: deps.clock(),
        }),
      ),
  );

  r.post(
    '/lists/:id/resume',
    {
      config: opts.routeConfig,
      schema: {
        ...common,
        summary: 'Verify the rows of a list that are still unverified',
        description:
          'Resumes a stopped list, or re-checks the rows a finished list could not verify. Counts nothing ' +
          `against the monthly quota. A list already running, or with nothing left, answers as it is.${opts.note}`,
        response: { 200: apiListSchema, ...opts.errors },
      },
    },
    async (req) => {
      const workspace = requirePermission(req, 'lists:verify');
      const now = deps.clock();
      await startVerification({
        db,
        queue: deps.queue,
        settings: deps.config,
        workspace,
        uploadId: req.params.id,
        now,
        pendingOnly: true,
      });
      return toApiList(
        await getUploadStatus({ db, workspaceId: workspace.id, uploadId: req.params.id, now }),
      );
    },
  );
}
