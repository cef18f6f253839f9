import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calibrationSchema } from '../../../shared/calibration';
import {
  findJobListSchema,
  findJobSchema,
  findPersonSchema,
  findResultsPageSchema,
  findResultsQuerySchema,
  findSendResponseSchema,
  singleFindResponseSchema,
} from '../../../shared/finder';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition, csvFileResponse, sendCsv } from '../../platform/http/csv-response';
import { badRequest } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { brandedFileName } from '../branding';
import { requirePermission, requireWorkspace } from '../workspaces';
import { workspaceCalibration } from './calibration';
import { peopleFromCsv } from './csv-input';
import { resumeFinds } from './jobs';
import { exportFind, sendFindToVerification } from './send';
import { findOne, findResultsPage, listFinds, removeFind, startFind, stopFind } from './service';
import { jobView } from './views';

const idParams = z.object({ id: z.string() });
const tags = ['finder'];

/** The email finder's screens: single and bulk finds, their history and answers (decision 0350). */
export async function finderRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  // The embedded database belongs to this process alone: finds cut short by a crash go on at boot,
  // without waiting for their lease to run out.
  if (deps.database.kind === 'pglite' && deps.config.RUN_WORKERS) {
    app.addHook('onReady', async () => {
      await resumeFinds({ db, queue: deps.queue, before: new Date(deps.clock().getTime() + 1) });
    });
  }
  const base = (req: FastifyRequest) => ({
    db,
    queue: deps.queue,
    config: deps.config,
    workspace: requirePermission(req, 'finder:run'),
    now: deps.clock(),
  });

  r.post(
    '/api/finds/single',
    {
      schema: {
        tags,
        summary: "Find one person's address from their name and company domain",
        body: findPersonSchema,
        response: { 200: singleFindResponseSchema, 202: singleFindResponseSchema },
      },
    },
    async (req, reply) => {
      const res = await findOne({
        ...base(req),
        person: req.body,
        viaApi: false,
        waitMs: deps.config.FINDER_SINGLE_WAIT_MS,
      });
      return reply.code(res.status).send(res.body);
    },
  );

  r.post(
    '/api/finds/bulk',
    {
      schema: {
        tags,
        summary: 'Find the addresses of a CSV of people (name, and company domain or website)',
        description: 'multipart/form-data: the CSV in the field `file`, an optional `name`.',
        response: { 201: z.object({ job: findJobSchema }) },
      },
    },
    async (req, reply) => {
      const ctx = base(req);
      if (!req.isMultipart()) throw badRequest('Upload a CSV file in the field "file"');
      let name = '';
      let read: Awaited<ReturnType<typeof peopleFromCsv>> | null = null;
      for await (const part of req.parts()) {
        if (part.type === 'field' && part.fieldname === 'name') name = String(part.value ?? '').trim();
        else if (part.type === 'file' && part.fieldname === 'file' && !read) {
          if (!/\.(csv|txt)$/i.test(part.filename)) {
            part.file.resume();
            throw badRequest('Upload a .csv file');
          }
          name ||= part.filename.replace(/\.[^.]+$/, '');
          read = await peopleFromCsv(part.file);
        } else if (part.type === 'file') part.file.resume();
      }
      if (!read) throw badRequest('Upload a CSV file in the field "file"');
      const job = await startFind({
        ...ctx,
        kind: 'bulk',
        name: name || 'Bulk find',
        people: read.people,
        viaApi: false,
      });
      return reply.code(201).send({ job: jobView(job) });
    },
  );

  r.get('/api/finds', { schema: { tags, response: { 200: findJobListSchema } } }, async (req) => ({
    jobs: await listFinds({ db, workspaceId: requirePermission(req, 'finder:run').id }),
  }));

  r.get(
    '/api/finds/:id/results',
    {
      schema: {
        tags,
        params: idParams,
        querystring: findResultsQuerySchema,
        response: { 200: findResultsPageSchema },
      },
    },
    async (req) =>
      findResultsPage({
        db,
        workspaceId: requirePermission(req, 'finder:run').id,
        jobId: req.params.id,
        query: req.query,
      }),
  );

  r.post(
    '/api/finds/:id/stop',
    { schema: { tags, params: idParams, response: { 200: z.object({ job: findJobSchema }) } } },
    async (req) => ({
      job: await stopFind({
        db,
        workspaceId: requirePermission(req, 'finder:run').id,
        jobId: req.params.id,
        now: deps.clock(),
      }),
    }),
  );

  r.delete(
    '/api/finds/:id',
    { schema: { tags, params: idParams, response: { 204: z.null().describe('Deleted') } } },
    async (req, reply) => {
      await removeFind({ db, workspaceId: requirePermission(req, 'finder:run').id, jobId: req.params.id });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/finds/:id/export.csv',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: csvFileResponse("A find's answers as CSV (UTF-8, BOM)") },
      },
    },
    async (req, reply) => {
      const workspaceId = requirePermission(req, 'lists:export').id;
      const lines = exportFind({ db, workspaceId, jobId: req.params.id });
      // The first line is read before the headers go out, so a wrong id is a 404, not an empty file.
      const first = await lines.next();
      const now = deps.clock();
      const fileName = await brandedFileName({
        db,
        config: deps.config,
        now,
        workspaceId,
        fileName: `found-emails-${now.toISOString().slice(0, 10)}.csv`,
      });
      async function* all() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      sendCsv(reply, { body: Readable.from(all()), disposition: contentDisposition(fileName) });
      return reply;
    },
  );

  r.post(
    '/api/finds/:id/send-to-verification',
    { schema: { tags, params: idParams, response: { 200: findSendResponseSchema } } },
    async (req) =>
      sendFindToVerification({
        db,
        queue: deps.queue,
        settings: deps.config,
        workspace: requirePermission(req, 'lists:verify'),
        jobId: req.params.id,
        now: deps.clock(),
      }),
  );

  // The workspace's own bounce rates per status and score band, verified and found.
  r.get('/api/calibration', { schema: { tags, response: { 200: calibrationSchema } } }, async (req) =>
    workspaceCalibration(db, requireWorkspace(req).id),
  );
}
