import type { Db } from '../../platform/db/client';
import { deleteOldActivity, deleteOldScrapes, deleteUsageBefore } from './queries';

const DAY = 86_400_000;
type Row = Record<string, unknown>;
const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/**
 * Scrape jobs started before the retention period, with their profiles (ON DELETE CASCADE); a job still
 * running is left until it ends. In slices, so one statement never holds a long transaction.
 */
export async function deleteExpiredScrapes(opts: { db: Db; now: Date; days: number }): Promise<number> {
  const cutoff = new Date(opts.now.getTime() - opts.days * DAY).toISOString();
  let total = 0;
  for (;;) {
    const gone = rowsOf<Row>(await opts.db.execute(deleteOldScrapes({ cutoff })));
    total += gone.length;
    if (gone.length < 200) return total;
  }
}

export async function deleteExpiredActivity(opts: { db: Db; now: Date; days: number }): Promise<number> {
  const cutoff = new Date(opts.now.getTime() - opts.days * DAY).toISOString();
  const gone = rowsOf<Row>(await opts.db.execute(deleteOldActivity({ cutoff })));
  return gone.length;
}

/** Monthly counters older than the last `months` calendar months (UTC); this month's is never touched. */
export async function deleteExpiredUsage(opts: { db: Db; now: Date; months: number }): Promise<number> {
  const first = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth() - (opts.months - 1), 1));
  const gone = rowsOf<Row>(
    await opts.db.execute(deleteUsageBefore({ first: first.toISOString().slice(0, 10) })),
  );
  return gone.length;
}
