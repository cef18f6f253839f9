import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import type { JobSender } from '../../platform/jobs/registry';
import type { ListsSettings } from './env';
import { sendLanes } from './start';

/**
 * Restarts the lanes of runs nobody is working on. On the embedded database the process that calls
 * this at boot is the only one (the data directory is locked), so every lease it finds belongs to a
 * process that died (SIGKILL, power loss) and is released at once. On PostgreSQL other workers may be
 * alive: only runs whose heartbeat is stale get new lanes, and leases lapse on their own.
 */
export async function resumeRuns(opts: {
  database: Database;
  queue: JobSender;
  settings: ListsSettings;
  atBoot: boolean;
}) {
  const { database } = opts;
  const db = database.db;
  const lease = opts.settings.LISTS_LEASE_S;
  const embeddedBoot = opts.atBoot && database.kind === 'pglite';
  if (embeddedBoot) {
    await db.execute(sql`
      UPDATE upload_batches SET lease_owner = NULL, lease_until = NULL
      WHERE lease_until IS NOT NULL
        AND upload_id IN (SELECT id FROM uploads WHERE status = 'processing')`);
  }
  const stale = embeddedBoot
    ? sql`true`
    : sql`(heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${lease * 2}))`;
  const runs = await query<{ id: string; run_id: number }>(
    db,
    sql`SELECT id, run_id FROM uploads WHERE status = 'processing' AND ${stale}`,
  );
  for (const r of runs) await sendLanes(opts.queue, r.id, Number(r.run_id), opts.settings.LISTS_LANES);
  // A file whose upload was cut off (the server died while storing it) is dropped after an hour, and
  // a draft (a file chosen in the browser, never started nor saved) after a day.
  await db.execute(sql`
    DELETE FROM uploads WHERE (status = 'uploading' AND uploaded_at < now() - interval '1 hour')
      OR (status = 'draft' AND uploaded_at < now() - interval '1 day')`);
  return runs.length;
}
