import { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportIdParams, dataExportSchema, latestDataExportSchema } from '../../../shared/data-export';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { requireUser } from '../auth';
import { requirePermission } from '../workspaces';
import { exportChunks, latestExport, startExport } from './exports';

/** "Your data": start a zip of everything, follow its progress, download it (docs/decisions/0610). */
export async function dataExportRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['account'];
  const owner = (req: Parameters<typeof requireUser>[0]) => ({
    workspaceId: requirePermission(req, 'lists:export').id,
    userId: requireUser(req).id,
  });

  r.get('/api/account/export', { schema: { tags, response: { 200: latestDataExportSchema } } }, async (req) =>
    latestExport({ db, ...owner(req), now: deps.clock() }),
  );

  r.post(
    '/api/account/export',
    { schema: { tags, response: { 202: dataExportSchema } } },
    async (req, reply) =>
      reply.code(202).send(await startExport({ db, queue: deps.queue, ...owner(req), now: deps.clock() })),
  );

  r.get(
    '/api/account/export/:id/download',
    {
      schema: {
        tags,
        params: dataExportIdParams,
        // A file, declared under its own type so it never goes through the JSON serializer.
        response: { 200: { description: 'The zip', content: { 'application/zip': { schema: z.string() } } } },
      },
    },
    async (req, reply) => {
      const { row, chunks } = await exportChunks({ db, ...owner(req), id: req.params.id, now: deps.clock() });
      const day = row.createdAt.toISOString().slice(0, 10);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="verilead-data-${day}.zip"`)
        .header('cache-control', 'private, no-store');
      if (row.sizeBytes !== null) reply.header('content-length', String(row.sizeBytes));
      return reply.send(Readable.from(chunks) as never);
    },
  );
}
