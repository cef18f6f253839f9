import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLEANED_TYPES,
  cleanedDataSchema,
  getFullAllResultSchema,
  keywordScrapeSchema,
  scrapeJobListSchema,
  scrapeJobSchema,
  scrapeProfileEmailResultSchema,
  scrapeProfileEmailSchema,
  scraperConfigSchema,
  sendToVerifySchema,
  urlScrapeSchema,
  urlScrapeStartedSchema,
} from '../../../shared/scraper';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition, csvFileResponse, sendCsv } from '../../platform/http/csv-response';
import type { AppInstance } from '../../platform/http/types';
import { isModelConfigured } from '../ai';
import { brandedFileName } from '../branding';
import { requirePermission, requireWorkspace } from '../workspaces';
import { isScraperConfigured } from './apify';
import { cleanJobData } from './clean';
import { cleanedCsv } from './export';
import { requestAllFullProfiles, requestFullProfile } from './get-full';
import { sendJobToVerification } from './send-to-verify';
import { findOwnScrapeJob, jobProfiles, listScrapeJobs, startKeywordScrape, startUrlScrape } from './service';

const idParams = z.object({ id: z.string() });

export async function scraperRoutes(app: AppInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const start = (req: FastifyRequest) => ({
    db,
    config: deps.config,
    queue: deps.queue,
    workspace: requirePermission(req, 'scraper:run'),
    now: deps.clock(),
  });

  r.get(
    '/api/scraper/config',
    { schema: { tags: ['scraper'], response: { 200: scraperConfigSchema } } },
    async (req) => {
      requireWorkspace(req);
      return { configured: isScraperConfigured(deps.config), aiConfigured: isModelConfigured(deps.config) };
    },
  );

  r.post(
    '/api/scrape-instagram',
    { schema: { tags: ['scraper'], body: keywordScrapeSchema, response: { 201: scrapeJobSchema } } },
    async (req, reply) => reply.code(201).send(await startKeywordScrape({ ...start(req), input: req.body })),
  );

  r.post(
    '/api/scrape-instagram-urls',
    { schema: { tags: ['scraper'], body: urlScrapeSchema, response: { 201: urlScrapeStartedSchema } } },
    async (req, reply) => reply.code(201).send(await startUrlScrape({ ...start(req), input: req.body })),
  );

  r.get(
    '/api/scrape-jobs',
    { schema: { tags: ['scraper'], response: { 200: scrapeJobListSchema } } },
    async (req) => listScrapeJobs({ db, workspaceId: requireWorkspace(req).id }),
  );

  r.post(
    '/api/scrape-profile-email',
    {
      schema: {
        tags: ['scraper'],
        body: scrapeProfileEmailSchema,
        response: { 202: scrapeProfileEmailResultSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await requestFullProfile({ ...start(req), jobId: req.body.jobId, profileUrl: req.body.profileUrl }),
        ),
  );

  r.post(
    '/api/scrape-job/:id/get-full-all',
    { schema: { tags: ['scraper'], params: idParams, response: { 202: getFullAllResultSchema } } },
    async (req, reply) =>
      reply.code(202).send(await requestAllFullProfiles({ ...start(req), jobId: req.params.id })),
  );

  r.post(
    '/api/scrape-job/:id/send-to-verify',
    { schema: { tags: ['scraper'], params: idParams, response: { 200: sendToVerifySchema } } },
    async (req) =>
      sendJobToVerification({
        db,
        queue: deps.queue,
        settings: deps.config,
        workspace: requirePermission(req, 'lists:verify'),
        jobId: req.params.id,
        now: deps.clock(),
      }),
  );

  r.post(
    '/api/scrape-job/:id/clean-export',
    { schema: { tags: ['scraper'], params: idParams, response: { 200: cleanedDataSchema } } },
    async (req) => {
      const workspaceId = requirePermission(req, 'lists:export').id;
      const job = await findOwnScrapeJob({ db, workspaceId, jobId: req.params.id });
      return cleanJobData({
        db,
        config: deps.config,
        rows: await jobProfiles({ db, workspaceId, jobId: job.id }),
      });
    },
  );

  r.get(
    '/api/scrape-job/:id/download-cleaned',
    {
      config: { allowBearer: true },
      schema: {
        tags: ['scraper'],
        params: idParams,
        querystring: z.object({ type: z.enum(CLEANED_TYPES).default('cleaned') }),
        response: { 200: csvFileResponse('One tab of the cleaning dialog as CSV (UTF-8, BOM)') },
      },
    },
    async (req, reply) => {
      const workspaceId = requirePermission(req, 'lists:export').id;
      const job = await findOwnScrapeJob({ db, workspaceId, jobId: req.params.id });
      const data = await cleanJobData({
        db,
        config: deps.config,
        rows: await jobProfiles({ db, workspaceId, jobId: job.id }),
      });
      const now = deps.clock();
      const fileName = await brandedFileName({
        db,
        config: deps.config,
        now,
        workspaceId,
        fileName: `instagram-${req.query.type}-${now.toISOString().slice(0, 10)}.csv`,
      });
      sendCsv(reply, { body: cleanedCsv(data[req.query.type]), disposition: contentDisposition(fileName) });
      return reply;
    },
  );
}
