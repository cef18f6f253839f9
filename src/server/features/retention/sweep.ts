import type { Db } from '../../platform/db/client';
import { deleteScrapesBefore } from '../scraper';
import { deleteUsageBefore } from '../usage';
import { deleteActivityBefore } from '../workspaces';

const DAY = 86_400_000;

/** Scrape jobs started before the retention period, with their profiles; a running one is left. */
export async function deleteExpiredScrapes(opts: { db: Db; now: Date; days: number }): Promise<number> {
  return deleteScrapesBefore(opts.db, new Date(opts.now.getTime() - opts.days * DAY).toISOString());
}

export async function deleteExpiredActivity(opts: { db: Db; now: Date; days: number }): Promise<number> {
  return deleteActivityBefore(opts.db, new Date(opts.now.getTime() - opts.days * DAY));
}

/** Monthly counters older than the last `months` calendar months (UTC); this month's is never touched. */
export async function deleteExpiredUsage(opts: { db: Db; now: Date; months: number }): Promise<number> {
  const first = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth() - (opts.months - 1), 1));
  return deleteUsageBefore(opts.db, first.toISOString().slice(0, 10));
}
