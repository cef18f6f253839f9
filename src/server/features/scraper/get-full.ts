import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { instagramUsernameFromUrl, type ScrapeProfileEmailResult } from '../../../shared/scraper';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { assertHasAccess } from '../billing';
import type { WorkspacePlan } from '../workspaces';
import {
  apifyClient,
  isScraperConfigured,
  pollRun,
  profileInput,
  providerMessage,
  runItems,
  scraperNotConfigured,
  startRun,
  TERMINAL,
} from './apify';
import { enrichEmail } from './enrich';
import { SCRAPE_FULL_JOB } from './job-types';
import { mergeProfiles, normaliseProfile, rawUsername } from './profile';
import { LEASE_MS } from './runner';
import { type ScrapeProfileRow, scrapeProfiles } from './schema';
import { findOwnScrapeJob } from './service';

// "Get Full" of one profile as a background job. The request marks the profile row `queued` and
// answers at once; the job stores its Apify run on the row the moment it starts, so a retried or
// resumed delivery re-polls that run instead of paying for another, and full_heartbeat_at is its lease.

interface RequestDeps {
  db: Db;
  config: Config;
  queue: JobSender;
  workspace: WorkspacePlan;
  now: Date;
}

const PENDING = ['queued', 'running'] as const;
const QUEUED_MESSAGE = 'Getting the full profile in the background';

async function queueProfile(d: RequestDeps, row: ScrapeProfileRow): Promise<boolean> {
  const [claimed] = await d.db
    .update(scrapeProfiles)
    .set({ fullStatus: 'queued', fullMessage: null, fullRun: null, fullHeartbeatAt: null })
    .where(
      and(
        eq(scrapeProfiles.id, row.id),
        eq(scrapeProfiles.profileScraped, false),
        or(isNull(scrapeProfiles.fullStatus), inArray(scrapeProfiles.fullStatus, ['done', 'failed'])),
      ),
    )
    .returning({ id: scrapeProfiles.id });
  if (claimed) await d.queue.send(SCRAPE_FULL_JOB, { profileId: row.id }, { singletonKey: `full:${row.id}` });
  return Boolean(claimed);
}

async function assertCanRun(d: RequestDeps) {
  if (!isScraperConfigured(d.config)) throw scraperNotConfigured();
  await assertHasAccess({ db: d.db, workspace: d.workspace, now: d.now });
}

/** POST /api/scrape-profile-email: queue the full profile of one result; asking twice queues it once. */
export async function requestFullProfile(
  d: RequestDeps & { jobId: string; profileUrl: string },
): Promise<ScrapeProfileEmailResult> {
  const job = await findOwnScrapeJob({ db: d.db, workspaceId: d.workspace.id, jobId: d.jobId });
  const username =
    instagramUsernameFromUrl(d.profileUrl) ??
    (/^@?[\w.]{1,30}$/.test(d.profileUrl) ? d.profileUrl.replace('@', '').toLowerCase() : null);
  if (!username) throw badRequest('Not an Instagram profile URL');
  const [row] = await d.db
    .select()
    .from(scrapeProfiles)
    .where(and(eq(scrapeProfiles.jobId, job.id), eq(scrapeProfiles.username, username)));
  if (!row) throw notFound('Profile not found in this job');
  if (row.profileScraped)
    return { success: true, username, status: 'done', message: 'The full profile is already here' };
  await assertCanRun(d);
  // Asked again while it is on its way: the same request, not a second run.
  if (row.fullStatus === 'queued' || row.fullStatus === 'running')
    return { success: true, username, status: row.fullStatus, message: QUEUED_MESSAGE };
  await queueProfile(d, row);
  return { success: true, username, status: 'queued', message: QUEUED_MESSAGE };
}

/** POST /api/scrape-job/:id/get-full-all: queue every partial profile of the job not already queued. */
export async function requestAllFullProfiles(d: RequestDeps & { jobId: string }) {
  const job = await findOwnScrapeJob({ db: d.db, workspaceId: d.workspace.id, jobId: d.jobId });
  await assertCanRun(d);
  const rows = await d.db
    .select()
    .from(scrapeProfiles)
    .where(and(eq(scrapeProfiles.jobId, job.id), eq(scrapeProfiles.profileScraped, false)));
  let queued = 0;
  for (const row of rows) if (await queueProfile(d, row)) queued++;
  return { queued };
}

const setRow = (db: Db, id: string, set: Partial<ScrapeProfileRow>) =>
  db.update(scrapeProfiles).set(set).where(eq(scrapeProfiles.id, id));

/** The job's work: claim the lease, start (or re-poll) the run, merge and store the full profile. */
export async function runFullProfile(opts: {
  db: Db;
  config: Config;
  clock: () => Date;
  profileId: string;
  log?: { error(obj: unknown, msg?: string): void };
}): Promise<void> {
  const { db, config, clock } = opts;
  const now = clock();
  const [row] = await db
    .update(scrapeProfiles)
    .set({ fullStatus: 'running', fullHeartbeatAt: now })
    .where(
      and(
        eq(scrapeProfiles.id, opts.profileId),
        inArray(scrapeProfiles.fullStatus, [...PENDING]),
        or(
          isNull(scrapeProfiles.fullHeartbeatAt),
          lt(scrapeProfiles.fullHeartbeatAt, new Date(now.getTime() - LEASE_MS)),
        ),
      ),
    )
    .returning();
  if (!row) return;
  const fail = (message: string) => setRow(db, row.id, { fullStatus: 'failed', fullMessage: message });
  try {
    const client = apifyClient(config);
    let run = row.fullRun;
    if (!run) {
      const started = await startRun(client, config.APIFY_PROFILE_ACTOR, profileInput([row.username]));
      run = { runId: started.runId, datasetId: started.datasetId };
      await setRow(db, row.id, { fullRun: run, fullHeartbeatAt: clock() });
    }
    let status = '';
    while (!TERMINAL.has(status)) {
      // At least 1 s per poll: the API holds the request, so an unfinished run is never polled in a spin.
      const polled = await pollRun(client, run.runId, Math.max(1, config.APIFY_POLL_SECONDS));
      status = polled.status;
      run.datasetId = polled.datasetId || run.datasetId;
      await setRow(db, row.id, { fullHeartbeatAt: clock() });
    }
    if (status !== 'SUCCEEDED') {
      await fail(`The profile scraper run ${status.toLowerCase()}`);
      return;
    }
    const items = await runItems(client, run.datasetId, 2);
    const raw = items.find((i) => rawUsername(i) === row.username);
    const full = raw && normaliseProfile(raw, { keyword: row.profile.keyword, profileScraped: true });
    if (!full) {
      await fail('Could not get full profile data');
      return;
    }
    // A new website may hold an address the partial profile did not show.
    const merged = mergeProfiles(row.profile, { ...full, email: full.email || row.profile.email });
    const enriched = await enrichEmail(merged.email ? merged : { ...merged, emailScraped: false }, {
      allowLoopback: config.SAFE_FETCH_ALLOW_LOOPBACK,
    });
    const profile = { ...enriched, profileScraped: true, emailScraped: true };
    await setRow(db, row.id, {
      profile,
      email: profile.email,
      profileScraped: true,
      cleaned: null,
      fullStatus: 'done',
      fullMessage: profile.email ? `Found ${profile.email}` : 'Full profile scraped; no email address found',
    });
  } catch (err) {
    opts.log?.error({ err, profileId: row.id }, 'get full profile failed');
    await fail(providerMessage(err));
  }
}

/** Get Full requests whose worker stopped (restart, crash): their ids, to be queued again. */
export async function staleFullProfiles(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: scrapeProfiles.id })
    .from(scrapeProfiles)
    .where(
      and(
        inArray(scrapeProfiles.fullStatus, [...PENDING]),
        or(
          isNull(scrapeProfiles.fullHeartbeatAt),
          lt(scrapeProfiles.fullHeartbeatAt, new Date(now.getTime() - LEASE_MS)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}
