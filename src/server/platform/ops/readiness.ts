import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';

const PROBE_TIMEOUT_MS = 3_000;

async function probe(fn: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([fn(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this process can serve: the database answers a query and the job queue can read its tables. */
export async function checkReadiness(deps: Pick<AppDeps, 'database' | 'queue'>) {
  const database = await probe(() => deps.database.db.execute(sql`select 1`));
  const queue = await probe(() => deps.queue.boss.getQueues());
  return { ok: database === 'ok' && queue === 'ok', database, queue };
}
