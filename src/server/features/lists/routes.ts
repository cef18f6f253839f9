import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startVerificationBodySchema } from '../../../shared/credits';
import {
  CSV_EXTENSION_MESSAGE,
  exportQuerySchema,
  resultsQuerySchema,
  resultsResponseSchema,
  startVerificationResponseSchema,
  uploadBreakdownSchema,
  uploadListItemSchema,
  uploadResponseSchema,
} from '../../../shared/lists';
import type { AppDeps } from '../../platform/deps';
import { csvFileResponse } from '../../platform/http/csv-response';
import { badRequest } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { requirePermission, requireWorkspace } from '../workspaces';
import { cancelVerification, saveDraft } from './controls';
import { listsCreditRoutes } from './credit-routes';
import { deleteUpload } from './delete';
import { sendUploadExport } from './export';
import { ingestCsv } from './ingest';
import { getBreakdown, getUploadStatus, listUploads } from './read';
import { getResultsPage } from './results';
import { resumeRuns } from './resume';
import { startVerification } from './start';

const idParams = z.object({ id: z.string().max(100) });
const uploadQuery = z.object({
  draft: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: keep the upload out of the lists until it is started or saved (the web app)'),
});

export async function listsRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['lists'];

  // The embedded database belongs to this process alone: runs cut short by a crash resume at boot.
  if (deps.database.kind === 'pglite' && deps.config.RUN_WORKERS) {
    app.addHook('onReady', async () => {
      await resumeRuns({ database: deps.database, queue: deps.queue, settings: deps.config, atBoot: true });
    });
  }

  const uploadDoc = {
    summary: 'Upload a CSV list',
    description:
      'multipart/form-data with the file in the field `csvFile` (.csv, at most 10 MB). The email, name and ' +
      'company columns are found by header name or by content; rows wider than the header keep their extra ' +
      'fields under generated headers (extra_1, ...).',
  };
  r.post(
    '/api/upload',
    { schema: { tags, ...uploadDoc, querystring: uploadQuery, response: { 201: uploadResponseSchema } } },
    async (req, reply) => {
      const workspace = requirePermission(req, 'lists:verify');
      if (!req.isMultipart()) throw badRequest(CSV_EXTENSION_MESSAGE);
      const file = await req.file();
      if (file?.fieldname !== 'csvFile') {
        file?.file.resume();
        throw badRequest(CSV_EXTENSION_MESSAGE);
      }
      const res = await ingestCsv({
        db,
        workspaceId: workspace.id,
        filename: file.filename,
        stream: file.file,
        now: deps.clock(),
        batchSize: deps.config.LISTS_BATCH_SIZE,
        draft: req.query.draft === 'true',
      });
      return reply.code(201).send(res);
    },
  );

  const started = { 200: startVerificationResponseSchema };
  r.post(
    '/api/verify/:id',
    { schema: { tags, params: idParams, body: startVerificationBodySchema, response: started } },
    async (req) =>
      startVerification({
        db,
        queue: deps.queue,
        settings: deps.config,
        workspace: requirePermission(req, 'lists:verify'),
        uploadId: req.params.id,
        now: deps.clock(),
        fresh: Boolean(req.body?.fresh),
      }),
  );

  r.post('/api/verify/:id/pending', { schema: { tags, params: idParams, response: started } }, async (req) =>
    startVerification({
      db,
      queue: deps.queue,
      settings: deps.config,
      workspace: requirePermission(req, 'lists:verify'),
      uploadId: req.params.id,
      now: deps.clock(),
      pendingOnly: true,
    }),
  );

  const changed = { 200: uploadListItemSchema };
  r.post(
    '/api/upload/:id/cancel',
    { schema: { tags, summary: 'Stop a running verification', params: idParams, response: changed } },
    async (req) =>
      cancelVerification({
        db,
        queue: deps.queue,
        workspaceId: requirePermission(req, 'lists:verify').id,
        uploadId: req.params.id,
        now: deps.clock(),
      }),
  );

  r.post(
    '/api/upload/:id/save',
    { schema: { tags, summary: 'Keep a draft upload for later', params: idParams, response: changed } },
    async (req) =>
      saveDraft({
        db,
        workspaceId: requirePermission(req, 'lists:verify').id,
        uploadId: req.params.id,
        now: deps.clock(),
      }),
  );

  r.delete(
    '/api/upload/:id',
    {
      schema: {
        tags,
        summary: 'Delete an upload with its rows and results',
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (req, reply) => {
      await deleteUpload({
        db,
        workspaceId: requirePermission(req, 'lists:verify').id,
        uploadId: req.params.id,
        now: deps.clock(),
      });
      return reply.code(204).send(null);
    },
  );

  r.get('/api/uploads', { schema: { tags, response: { 200: z.array(uploadListItemSchema) } } }, async (req) =>
    listUploads({ db, workspaceId: requireWorkspace(req).id, now: deps.clock() }),
  );

  r.get(
    '/api/upload/:id/status',
    { schema: { tags, params: idParams, response: { 200: uploadListItemSchema } } },
    async (req) =>
      getUploadStatus({
        db,
        workspaceId: requireWorkspace(req).id,
        uploadId: req.params.id,
        now: deps.clock(),
      }),
  );

  r.get(
    '/api/upload/:id/results',
    {
      schema: {
        tags,
        params: idParams,
        querystring: resultsQuerySchema,
        response: { 200: resultsResponseSchema },
      },
    },
    async (req) =>
      getResultsPage({ db, workspaceId: requireWorkspace(req).id, uploadId: req.params.id, ...req.query }),
  );

  r.get(
    '/api/upload/:id/breakdown',
    { schema: { tags, params: idParams, response: { 200: uploadBreakdownSchema } } },
    async (req) => getBreakdown({ db, workspaceId: requireWorkspace(req).id, uploadId: req.params.id }),
  );

  r.get(
    '/api/upload/:id/export',
    {
      schema: {
        tags,
        params: idParams,
        querystring: exportQuerySchema,
        response: { 200: csvFileResponse('The original columns plus the verification columns (UTF-8, BOM)') },
      },
    },
    async (req, reply) => {
      const workspaceId = requirePermission(req, 'lists:export').id;
      return sendUploadExport(reply, {
        db,
        config: deps.config,
        now: deps.clock(),
        workspaceId,
        uploadId: req.params.id,
        type: req.query.type,
        minScore: req.query.minScore,
      });
    },
  );
  await listsCreditRoutes(app, deps);
}
