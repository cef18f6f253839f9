import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  type KeywordScrape,
  SCRAPE_DEFAULT_MAX_ITEMS,
  type ScrapeJob,
  splitUrlBatch,
  type UrlScrape,
  type UrlScrapeStarted,
} from '../../../shared/scraper';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { assertHasAccess } from '../billing';
import { consumeQuota, releaseQuota } from '../usage';
import type { WorkspacePlan } from '../workspaces';
import { isScraperConfigured, scraperNotConfigured } from './apify';
import { SCRAPE_RUN_JOB } from './job-types';
import { type ScrapeJobRow, type ScrapeProfileRow, scrapeJobs, scrapeProfiles } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface StartDeps {
  db: Db;
  config: Config;
  queue: JobSender;
  workspace: WorkspacePlan;
  now: Date;
}

async function enqueueJob(
  d: StartDeps,
  values: Pick<ScrapeJobRow, 'mode' | 'keywords' | 'location' | 'maxItems'>,
) {
  if (!isScraperConfigured(d.config)) throw scraperNotConfigured();
  await assertHasAccess({ db: d.db, workspace: d.workspace, now: d.now });
  // One scrape job is one metered scrape (docs/decisions/0600-api-plans-quotas.md).
  const meter = {
    db: d.db,
    workspaceId: d.workspace.id,
    kind: 'scrape' as const,
    now: d.now,
    units: values.maxItems,
  };
  await consumeQuota({ ...meter, config: d.config, workspace: d.workspace });
  const [job] = await d.db
    .insert(scrapeJobs)
    .values({ ...values, workspaceId: d.workspace.id, createdAt: d.now })
    .returning()
    .catch(async (err) => {
      await releaseQuota(meter);
      throw err;
    });
  await d.queue.send(SCRAPE_RUN_JOB, { jobId: job.id }, { singletonKey: job.id });
  return toScrapeJob(job, []);
}

/** POST /api/scrape-instagram: keyword search (default 50 profiles, United States). */
export async function startKeywordScrape(d: StartDeps & { input: KeywordScrape }) {
  const keywords = [...new Set(d.input.keywords)];
  return enqueueJob(d, {
    mode: 'keyword',
    keywords,
    location: d.input.location,
    maxItems: d.input.maxItems ?? SCRAPE_DEFAULT_MAX_ITEMS,
  });
}

/**
 * POST /api/scrape-instagram-urls: each line is judged on its own. The instagram.com profile links are
 * scraped (maxItems is their number) and the other lines come back in `rejectedUrls`, so one typo never
 * rejects the batch; only a batch with no usable line is refused.
 */
export async function startUrlScrape(d: StartDeps & { input: UrlScrape }): Promise<UrlScrapeStarted> {
  const { usernames, rejected } = splitUrlBatch(d.input.urls);
  if (!usernames.length) {
    const shown = rejected
      .slice(0, 10)
      .map((r) => r.url)
      .join(', ');
    throw badRequest(
      `Only Instagram profile URLs can be scraped (like https://www.instagram.com/username/). Not accepted: ${shown}${rejected.length > 10 ? ` and ${rejected.length - 10} more` : ''}`,
      { invalidUrls: rejected.map((r) => r.url), rejectedUrls: rejected },
    );
  }
  const job = await enqueueJob(d, {
    mode: 'url',
    keywords: usernames,
    location: d.input.location,
    maxItems: usernames.length,
  });
  return { ...job, rejectedUrls: rejected };
}

export function toScrapeJob(job: ScrapeJobRow, profiles: ScrapeProfileRow[]): ScrapeJob {
  const results = profiles.map((p) => ({
    ...p.profile,
    fullStatus: p.fullStatus,
    fullMessage: p.fullMessage,
  }));
  return {
    id: job.id,
    status: job.status,
    mode: job.mode,
    keywords: job.keywords,
    location: job.location,
    maxItems: job.maxItems,
    completedItems: job.completedItems,
    errorMessage: job.errorMessage,
    createdAt: job.createdAt.toISOString(),
    completedAt: job.completedAt?.toISOString() ?? null,
    emailCount: results.filter((r) => r.email).length,
    results,
  };
}

/** GET /api/scrape-jobs: the workspace's 10 latest jobs, newest first, with their profiles (polled every 5 s). */
export async function listScrapeJobs(opts: {
  db: Db;
  workspaceId: string;
  limit?: number;
}): Promise<ScrapeJob[]> {
  const jobs = await opts.db
    .select()
    .from(scrapeJobs)
    .where(eq(scrapeJobs.workspaceId, opts.workspaceId))
    .orderBy(desc(scrapeJobs.createdAt), desc(scrapeJobs.id))
    .limit(opts.limit ?? 10);
  if (!jobs.length) return [];
  const profiles = await opts.db
    .select()
    .from(scrapeProfiles)
    .where(
      and(
        eq(scrapeProfiles.workspaceId, opts.workspaceId),
        inArray(
          scrapeProfiles.jobId,
          jobs.map((j) => j.id),
        ),
      ),
    )
    .orderBy(asc(scrapeProfiles.position));
  return jobs.map((j) =>
    toScrapeJob(
      j,
      profiles.filter((p) => p.jobId === j.id),
    ),
  );
}

/** The workspace's job (another workspace's id gets the same 404 as a missing one). */
export async function findOwnScrapeJob(opts: { db: Db; workspaceId: string; jobId: string }) {
  if (!UUID.test(opts.jobId)) throw notFound('Scrape job not found');
  const [job] = await opts.db
    .select()
    .from(scrapeJobs)
    .where(and(eq(scrapeJobs.id, opts.jobId), eq(scrapeJobs.workspaceId, opts.workspaceId)));
  if (!job) throw notFound('Scrape job not found');
  return job;
}

export async function jobProfiles(opts: { db: Db; workspaceId: string; jobId: string }) {
  return opts.db
    .select()
    .from(scrapeProfiles)
    .where(and(eq(scrapeProfiles.jobId, opts.jobId), eq(scrapeProfiles.workspaceId, opts.workspaceId)))
    .orderBy(asc(scrapeProfiles.position));
}
