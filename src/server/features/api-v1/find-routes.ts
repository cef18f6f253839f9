import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/api-v1';
import {
  bulkFindBodySchema,
  findJobSchema,
  findPersonSchema,
  findResultsPageSchema,
  findResultsQuerySchema,
  singleFindResponseSchema,
} from '../../../shared/finder';
import type { AppDeps } from '../../platform/deps';
import type { AppInstance } from '../../platform/http/types';
import { findOne, findOwnFindJob, findResultsPage, jobView, startFind } from '../finder';
import { requirePermission } from '../workspaces';
import { errors, RATE_NOTE, security, TAGS, type V1RouteConfig } from './v1-scope';

const idParams = z.object({ id: z.string() });
const jobBody = z.object({ job: findJobSchema });

/** API v1's email finder: one person in the request, or many as a background find with a webhook. */
export function apiV1FindRoutes(scope: AppInstance, deps: AppDeps, config: V1RouteConfig) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const common = { tags: TAGS, security };

  r.post(
    '/find',
    {
      config: config('finds'),
      schema: {
        ...common,
        summary: "Find one person's address from their name and company domain or website",
        description:
          'Answers 200 `{job, result}` (result.status: valid, accept_all, unknown, ambiguous or not_found, with a ' +
          'score 0–100, the pattern and the evidence), or 202 with `result: null` when the mail server has not ' +
          `answered within FINDER_SINGLE_WAIT_MS: poll GET /api/v1/finds/{job.id}/results. A found address counts as one find.${RATE_NOTE}`,
        body: findPersonSchema,
        response: {
          200: singleFindResponseSchema,
          202: singleFindResponseSchema,
          402: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const res = await findOne({
        db,
        queue: deps.queue,
        config: deps.config,
        workspace: requirePermission(req, 'finder:run'),
        now: deps.clock(),
        person: req.body,
        viaApi: true,
        waitMs: deps.config.FINDER_SINGLE_WAIT_MS,
      });
      if (res.status === 202) reply.header('Retry-After', '5');
      return reply.code(res.status).send(res.body);
    },
  );

  r.post(
    '/finds',
    {
      config: config('finds'),
      // 10,000 people with long names and website URLs pass the app-wide 1 MB.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        ...common,
        summary: 'Start a bulk find (up to 10,000 people)',
        description: `Runs in the background; a \`find.completed\` webhook event is sent when it ends.${RATE_NOTE}`,
        body: bulkFindBodySchema,
        response: { 201: jobBody, 402: apiErrorSchema, ...errors },
      },
    },
    async (req, reply) => {
      const job = await startFind({
        db,
        queue: deps.queue,
        config: deps.config,
        workspace: requirePermission(req, 'finder:run'),
        now: deps.clock(),
        kind: 'bulk',
        name: req.body.name || 'API bulk find',
        people: req.body.people,
        viaApi: true,
      });
      return reply.code(201).send({ job: jobView(job) });
    },
  );

  r.get(
    '/finds/:id',
    {
      config: config('finds'),
      schema: {
        ...common,
        summary: 'A find and its progress',
        params: idParams,
        response: { 200: jobBody, ...errors },
      },
    },
    async (req) => ({
      job: jobView(
        await findOwnFindJob({
          db,
          workspaceId: requirePermission(req, 'finder:run').id,
          jobId: req.params.id,
        }),
      ),
    }),
  );

  r.get(
    '/finds/:id/results',
    {
      config: config('finds'),
      schema: {
        ...common,
        summary: "A find's answers, filtered and paged",
        params: idParams,
        querystring: findResultsQuerySchema,
        response: { 200: findResultsPageSchema, ...errors },
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
}
