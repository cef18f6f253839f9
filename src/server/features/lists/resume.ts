import type { Database } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import type { ListsSettings } from './env';
import { releaseRunningLeases } from './queries/batches';
import { deleteAbandonedUploads, runsToResume } from './queries/uploads';
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
    await db.execute(releaseRunningLeases());
  }
  const runs = await runsToResume(db, { leaseSeconds: lease, all: embeddedBoot });
  for (const r of runs) await sendLanes(opts.queue, r.id, r.runId, opts.settings.LISTS_LANES);
  // A file whose upload was cut off (the server died while storing it) is dropped after an hour, and
  // a draft (a file chosen in the browser, never started nor saved) after a day.
  await deleteAbandonedUploads(db);
  return runs.length;
}
