import type { FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  apiListSchema,
  createListJsonSchema,
  exportQuerySchemaV1,
  IDEMPOTENCY_HEADER,
  listIdParamsSchema,
  listsResponseSchema,
  resultsPageSchemaV1,
  resultsQuerySchemaV1,
  toApiList,
} from '../../../shared/api-v1';
import type { AppDeps } from '../../platform/deps';
import { csvFileResponse } from '../../platform/http/csv-response';
import { badRequest } from '../../platform/http/errors';
import type { AppInstance } from '../../platform/http/types';
import { deleteUpload, getResultsPage, getUploadStatus, listUploads, sendUploadExport } from '../lists';
import { requirePermission, requireWorkspace } from '../workspaces';
import { decodeCursor, encodeCursor } from './cursor';
import { type ApiListInput, createApiList } from './lists';
import { errors, RATE_NOTE, security, TAGS, type V1RouteConfig } from './v1-scope';

/** Multipart bodies are read by the handler; a JSON body is checked against the route's zod schema. */
const jsonOrMultipart: typeof validatorCompiler = (ctx) => {
  const zod = validatorCompiler(ctx);
  return (data: unknown) =>
    ctx.httpPart === 'body' && (data === undefined || data === null) ? { value: data } : zod(data);
};

async function readListInput(req: FastifyRequest): Promise<ApiListInput> {
  if (req.isMultipart()) {
    const file = await req.file();
    if (!file || (file.fieldname !== 'file' && file.fieldname !== 'csvFile')) {
      file?.file.resume();
      throw badRequest('Send the CSV as a multipart field named "file".');
    }
    return { kind: 'csv', filename: file.filename, bytes: await file.toBuffer() };
  }
  const body = createListJsonSchema.safeParse(req.body);
  if (!body.success) {
    throw badRequest(body.error.issues[0]?.message ?? 'Send JSON {"emails": [...]} or a multipart CSV file.');
  }
  return { kind: 'json', ...body.data };
}

/** Lists through API v1: create (CSV or JSON), read, results by cursor, export, delete. */
export function apiV1ListRoutes(app: AppInstance, deps: AppDeps, config: V1RouteConfig) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/lists',
    {
      config: config('lists:write'),
      bodyLimit: 12 * 1024 * 1024,
      validatorCompiler: jsonOrMultipart as never,
      schema: {
        tags: TAGS,
        security,
        summary: 'Create a list and start verifying it',
        description:
          'Send either `multipart/form-data` with a CSV file in the field `file` (at most 10 MB, an email column is ' +
          'found by header or content), or JSON `{"emails": [...], "name": "..."}` (at most API_MAX_JSON_EMAILS ' +
          'addresses). Verification starts at once. Send an `Idempotency-Key` header to make retries safe: the ' +
          'same key with the same request answers the first response (header `Idempotent-Replayed: true`) for ' +
          '24 hours; with another request it is a 422. One list counts as one verification of the monthly quota; ' +
          'when it is used up the answer is 402 and nothing is stored.' +
          RATE_NOTE,
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().max(255).optional() }),
        body: createListJsonSchema,
        response: {
          201: apiListSchema,
          402: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const header = req.headers[IDEMPOTENCY_HEADER];
      const res = await createApiList({
        db,
        queue: deps.queue,
        config: deps.config,
        workspace: requirePermission(req, 'lists:verify'),
        now: deps.clock(),
        input: await readListInput(req),
        idempotencyKey: typeof header === 'string' ? header : undefined,
      });
      if (res.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(res.status).send(res.body);
    },
  );

  r.get(
    '/lists',
    {
      config: config('lists:read'),
      schema: {
        tags: TAGS,
        security,
        summary: 'Your lists, newest first (at most 500)',
        description: RATE_NOTE.trim(),
        response: { 200: listsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      data: (await listUploads({ db, workspaceId: requireWorkspace(req).id, now: deps.clock() })).map(
        toApiList,
      ),
    }),
  );

  r.get(
    '/lists/:id',
    {
      config: config('lists:read'),
      schema: {
        tags: TAGS,
        security,
        summary: 'One list: status, counts, progress and ETA',
        description: `Another account's list answers 404, like a missing one.${RATE_NOTE}`,
        params: listIdParamsSchema,
        response: { 200: apiListSchema, ...errors },
      },
    },
    async (req) =>
      toApiList(
        await getUploadStatus({
          db,
          workspaceId: requireWorkspace(req).id,
          uploadId: req.params.id,
          now: deps.clock(),
        }),
      ),
  );

  r.get(
    '/lists/:id/results',
    {
      config: config('lists:read'),
      schema: {
        tags: TAGS,
        security,
        summary: 'Verified rows, 50 a page, in file order',
        description: `Follow nextCursor until it is null. Filter with verdict (final verdict: valid, invalid or risky) and minScore (0–100: rows scoring at least that; pass it again with each cursor).${RATE_NOTE}`,
        params: listIdParamsSchema,
        querystring: resultsQuerySchemaV1,
        response: { 200: resultsPageSchemaV1, ...errors },
      },
    },
    async (req) => {
      const { verdict, cursor, minScore } = req.query;
      const page = decodeCursor(cursor, verdict);
      const res = await getResultsPage({
        db,
        workspaceId: requireWorkspace(req).id,
        uploadId: req.params.id,
        page,
        filter: verdict,
        search: '',
        minScore,
      });
      const more = page < res.pagination.totalPages && res.results.length > 0;
      return {
        data: res.results,
        total: res.pagination.total,
        nextCursor: more ? encodeCursor(page + 1, verdict) : null,
      };
    },
  );

  r.get(
    '/lists/:id/export',
    {
      config: config('lists:read'),
      schema: {
        tags: TAGS,
        security,
        summary: 'The list as CSV: original columns plus the verification columns',
        description: `type: all (default), valid or invalid; minScore (0–100) keeps rows scoring at least that ("valid + risky with score ≥ 70" is type=all&minScore=70). Formula-like cells are neutralised.${RATE_NOTE}`,
        params: listIdParamsSchema,
        querystring: exportQuerySchemaV1,
        response: { 200: csvFileResponse('The list as CSV (UTF-8 with a BOM)'), ...errors },
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

  r.delete(
    '/lists/:id',
    {
      config: config('lists:write'),
      schema: {
        tags: TAGS,
        security,
        summary: 'Delete a list with its rows and results',
        description: RATE_NOTE.trim(),
        params: listIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
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
}
