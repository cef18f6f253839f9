import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { queryRows } from '../../platform/db/sql';
import { deleteOldScrapes } from './queries';
import { scrapeJobs, scrapeProfiles } from './schema';

// A workspace's searches as its data export reads them, and what retention deletes of them.

/** One page of the workspace's Instagram searches, oldest first, each as one JSON object. */
export const scrapeJobsExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      row: sql`jsonb_build_object('id', ${scrapeJobs.id}, 'status', ${scrapeJobs.status}, 'mode', ${scrapeJobs.mode},
        'keywords', ${scrapeJobs.keywords}, 'location', ${scrapeJobs.location}, 'maxItems', ${scrapeJobs.maxItems},
        'completedItems', ${scrapeJobs.completedItems}, 'createdAt', ${scrapeJobs.createdAt},
        'completedAt', ${scrapeJobs.completedAt})`,
    })
    .from(scrapeJobs)
    .where(eq(scrapeJobs.workspaceId, workspaceId))
    .orderBy(asc(scrapeJobs.createdAt), asc(scrapeJobs.id))
    .limit(limit)
    .offset(offset);

/** One page of the profiles those searches found, by search and position. */
export const scrapeProfilesExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      jobId: scrapeProfiles.jobId,
      username: scrapeProfiles.username,
      email: scrapeProfiles.email,
      profile: scrapeProfiles.profile,
      cleaned: scrapeProfiles.cleaned,
    })
    .from(scrapeProfiles)
    .where(eq(scrapeProfiles.workspaceId, workspaceId))
    .orderBy(asc(scrapeProfiles.jobId), asc(scrapeProfiles.position), asc(scrapeProfiles.id))
    .limit(limit)
    .offset(offset);

/** The workspace's searches and profiles, children first (retention of a canceled workspace). */
export async function eraseWorkspaceScrapes(db: Db, workspaceId: string) {
  await db.delete(scrapeProfiles).where(eq(scrapeProfiles.workspaceId, workspaceId));
  await db.delete(scrapeJobs).where(eq(scrapeJobs.workspaceId, workspaceId));
}

/**
 * Scrape jobs started before `cutoff`, with their profiles (ON DELETE CASCADE); a job still running is
 * left until it ends. In slices, so one statement never holds a long transaction. Answers how many went.
 */
export async function deleteScrapesBefore(db: Db, cutoff: string): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await queryRows(db, z.object({ id: z.string() }), deleteOldScrapes({ cutoff }));
    total += gone.length;
    if (gone.length < 200) return total;
  }
}
