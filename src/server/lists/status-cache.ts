import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { query, yieldToEventLoop } from './sql';

// Final status of every row of recently searched uploads, for search plus a status filter (the
// search index gives row numbers; this says which of them are valid, invalid or risky). Kept per
// version of the upload's results: every write moves step1_count or step2_count (and a new run moves
// run_id), so an unchanged version means unchanged statuses. While a run writes, a copy up to STALE_MS
// old is served as it is (no statement), and an older one while a fresh copy loads: checking every
// match against the results table instead cost the single embedded connection 30-60 ms per request
// under load. Only the filtered matches can be late (rows that reached the status in the last seconds
// are missing); the page's rows themselves are read fresh.

const CODES: Record<string, number> = { pending: 0, valid: 1, invalid: 2, risky: 3 };
/** Rows read per statement while loading (other requests run between the chunks). */
const LOAD_CHUNK = 20_000;
/** Uploads kept (one byte per row each). */
const MAX_UPLOADS = 32;
/** How old a copy may be served without looking at the upload's version, while its run writes. */
const STALE_MS = 2_000;

interface Entry {
  version: string;
  runId: number;
  /** Loaded while the run was writing (the copy may be behind the counters). */
  running: boolean;
  loadedAt: number;
  codes: Uint8Array;
}

const cache = new Map<string, Entry>();
const loading = new Map<string, Promise<Entry>>();

function touch(uploadId: string, entry: Entry): Uint8Array {
  cache.delete(uploadId);
  cache.set(uploadId, entry);
  if (cache.size > MAX_UPLOADS) cache.delete(cache.keys().next().value as string);
  return entry.codes;
}

/**
 * The status code (pending 0, valid 1, invalid 2, risky 3) of each row of the upload: exact when no
 * run is writing, at most a few seconds behind while one is. A copy served without a statement is
 * only used to choose rows; the caller's page statement checks that the upload is the workspace's.
 * Not the workspace's upload (when a statement is needed): not found.
 */
export async function rowStatuses(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
}): Promise<Uint8Array> {
  const { db, uploadId } = opts;
  const hit = cache.get(uploadId);
  if (hit?.running && performance.now() - hit.loadedAt < STALE_MS) return touch(uploadId, hit);
  const [u] = await query<{
    status: string;
    total: number;
    run_id: number;
    step1_count: number;
    step2_count: number;
  }>(
    db,
    sql`SELECT status, total, run_id, step1_count, step2_count FROM uploads
      WHERE id = ${uploadId} AND workspace_id = ${opts.workspaceId} AND status <> 'uploading'`,
  );
  if (!u) throw notFound('Upload not found');
  const version = `${u.run_id}:${u.step1_count}:${u.step2_count}`;
  const running = u.status === 'processing';
  if (hit?.version === version) {
    hit.running = running;
    hit.loadedAt = performance.now();
    return touch(uploadId, hit);
  }
  let pending = loading.get(uploadId);
  if (!pending) {
    pending = load(db, uploadId, Number(u.total))
      .then((codes) => {
        const entry = { version, runId: u.run_id, running, loadedAt: performance.now(), codes };
        touch(uploadId, entry);
        return entry;
      })
      .finally(() => loading.delete(uploadId));
    loading.set(uploadId, pending);
  }
  // The same run's older copy meanwhile (the load continues for the next requests).
  if (running && hit?.running && hit.runId === u.run_id) {
    pending.catch(() => {});
    return touch(uploadId, hit);
  }
  return (await pending).codes;
}

async function load(db: Db, uploadId: string, total: number): Promise<Uint8Array> {
  const codes = new Uint8Array(total);
  for (let lo = 0; lo < total; lo += LOAD_CHUNK) {
    await yieldToEventLoop();
    // One array of row numbers per status (three rows per chunk, not one JS object per row).
    const groups = await query<{ final_status: string; rows: number[] }>(
      db,
      sql`SELECT final_status, array_agg(row_index) AS rows FROM upload_results
        WHERE upload_id = ${uploadId} AND row_index >= ${lo} AND row_index < ${lo + LOAD_CHUNK}
          AND final_status <> 'pending'
        GROUP BY final_status`,
    );
    for (const g of groups) {
      const code = CODES[g.final_status] ?? 0;
      for (const i of g.rows) codes[i] = code;
    }
  }
  return codes;
}
