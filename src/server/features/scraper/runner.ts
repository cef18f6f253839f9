import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { InstagramProfile } from '../../../shared/scraper';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import {
  apifyClient,
  pollRun,
  profileInput,
  providerMessage,
  runItems,
  searchInput,
  startRun,
  TERMINAL,
} from './apify';
import { enrichEmail, mapLimit } from './enrich';
import { normaliseProfile } from './profile';
import { type ScrapeJobRow, type ScrapeRunRecord, scrapeJobs, scrapeProfiles } from './schema';

// Runs one scrape job to completion. Everything needed to resume lives in the row: each Apify run is
// stored the moment it starts, so after a restart the job re-polls that run instead of starting (and
// paying for) a new one. heartbeat_at is a lease: a second delivery of the same job finds it fresh
// and leaves; the recovery sweep re-queues jobs whose lease went stale.

// Heartbeats beat at every poll (APIFY_POLL_SECONDS, at most 60 s) and every website chunk.
export const LEASE_MS = 90_000;

export interface RunScrapeOptions {
  db: Db;
  config: Config;
  clock: () => Date;
  jobId: string;
  log?: { error(obj: unknown, msg?: string): void };
}

async function claim(db: Db, jobId: string, now: Date): Promise<ScrapeJobRow | null> {
  const [row] = await db
    .update(scrapeJobs)
    .set({ status: 'running', heartbeatAt: now })
    .where(
      and(
        eq(scrapeJobs.id, jobId),
        inArray(scrapeJobs.status, ['pending', 'running']),
        or(isNull(scrapeJobs.heartbeatAt), lt(scrapeJobs.heartbeatAt, new Date(now.getTime() - LEASE_MS))),
      ),
    )
    .returning();
  return row ?? null;
}

const update = (db: Db, jobId: string, set: Partial<ScrapeJobRow>) =>
  db.update(scrapeJobs).set(set).where(eq(scrapeJobs.id, jobId));

async function countProfiles(db: Db, jobId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scrapeProfiles)
    .where(eq(scrapeProfiles.jobId, jobId));
  return r?.n ?? 0;
}

async function storeProfiles(db: Db, job: ScrapeJobRow, profiles: InstagramProfile[], start: number) {
  if (!profiles.length) return;
  await db
    .insert(scrapeProfiles)
    .values(
      profiles.map((p, i) => ({
        jobId: job.id,
        workspaceId: job.workspaceId,
        position: start + i,
        username: p.username,
        profile: p,
        email: p.email,
        profileScraped: p.profileScraped,
      })),
    )
    .onConflictDoNothing();
}

export async function runScrapeJob(opts: RunScrapeOptions): Promise<void> {
  const { db, config, clock, jobId } = opts;
  const job = await claim(db, jobId, clock());
  if (!job) return;
  const failures: string[] = [];
  try {
    const client = apifyClient(config);
    const tasks =
      job.mode === 'keyword'
        ? job.keywords.map((k) => ({
            key: k,
            actor: config.APIFY_SEARCH_ACTOR,
            input: searchInput(k, Math.ceil(job.maxItems / job.keywords.length)),
            profileScraped: false,
          }))
        : [
            {
              key: 'urls',
              actor: config.APIFY_PROFILE_ACTOR,
              input: profileInput(job.keywords),
              profileScraped: true,
            },
          ];
    const runs: ScrapeRunRecord[] = [...job.runs];
    for (const task of tasks) {
      let stored = await countProfiles(db, job.id);
      if (stored >= job.maxItems) break;
      let run = runs.find((r) => r.key === task.key);
      if (run?.done) continue;
      if (!run) {
        const started = await startRun(client, task.actor, task.input);
        run = {
          key: task.key,
          actor: task.actor,
          runId: started.runId,
          datasetId: started.datasetId,
          done: false,
        };
        runs.push(run);
        await update(db, job.id, { runs, heartbeatAt: clock() });
      }
      let status = '';
      while (!TERMINAL.has(status)) {
        const polled = await pollRun(client, run.runId, config.APIFY_POLL_SECONDS);
        status = polled.status;
        run.datasetId = polled.datasetId || run.datasetId;
        await update(db, job.id, { heartbeatAt: clock() });
      }
      run.status = status;
      if (status === 'SUCCEEDED') {
        const items = await runItems(client, run.datasetId, job.maxItems * 2);
        const seen = new Set<string>();
        const fresh: InstagramProfile[] = [];
        for (const item of items) {
          const p = normaliseProfile(item, {
            keyword: job.mode === 'keyword' ? task.key : '',
            profileScraped: task.profileScraped,
          });
          if (p && !seen.has(p.username)) {
            seen.add(p.username);
            fresh.push(p);
          }
        }
        const room = job.maxItems - stored;
        const chunkSize = config.SCRAPE_WEBSITE_CONCURRENCY;
        const take = fresh.slice(0, room);
        for (let i = 0; i < take.length; i += chunkSize) {
          const chunk = await mapLimit(take.slice(i, i + chunkSize), chunkSize, (p) =>
            enrichEmail(p, { allowLoopback: config.SAFE_FETCH_ALLOW_LOOPBACK }),
          );
          await storeProfiles(db, job, chunk, stored);
          stored = await countProfiles(db, job.id);
          await update(db, job.id, { completedItems: stored, heartbeatAt: clock() });
        }
      } else {
        failures.push(
          `${job.mode === 'keyword' ? `"${task.key}"` : 'Profile scrape'}: the scraper run ${status.toLowerCase()}`,
        );
      }
      run.done = true;
      await update(db, job.id, { runs, heartbeatAt: clock() });
    }
    const total = await countProfiles(db, job.id);
    const allFailed = failures.length > 0 && failures.length >= tasks.length;
    await update(db, job.id, {
      status: allFailed ? 'failed' : 'completed',
      completedItems: total,
      errorMessage: failures.length ? failures.join('; ') : null,
      completedAt: clock(),
    });
  } catch (err) {
    opts.log?.error({ err, jobId }, 'scrape job failed');
    await update(db, job.id, {
      status: 'failed',
      errorMessage: providerMessage(err),
      completedAt: clock(),
    });
  }
}
