import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { query, yieldToEventLoop } from './sql';

// Final status of every row of recently searched uploads, for search plus a status filter (the
// search index gives row numbers; this says which of them are valid, invalid or risky). Kept per
// version of the upload's results: every write moves step1_count or step2_count (and a new run moves
// run_id), so an unchanged version means unchanged statuses. Loaded only while no run is writing.

const CODES: Record<string, number> = { pending: 0, valid: 1, invalid: 2, risky: 3 };
/** Rows read per statement while loading (other requests run between the chunks). */
const LOAD_CHUNK = 50_000;
/** Uploads kept (one byte per row each). */
const MAX_UPLOADS = 32;

const cache = new Map<string, { version: string; codes: Uint8Array }>();
const loading = new Map<string, Promise<Uint8Array>>();

/**
 * The status code (pending 0, valid 1, invalid 2, risky 3) of each row of the workspace's upload, or null
 * while a run is writing and no current copy is kept. Not the workspace's upload: not found.
 */
export async function rowStatuses(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
}): Promise<Uint8Array | null> {
  const { db, uploadId } = opts;
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
  const hit = cache.get(uploadId);
  if (hit?.version === version) {
    cache.delete(uploadId);
    cache.set(uploadId, hit);
    return hit.codes;
  }
  if (u.status === 'processing') return null;
  const key = `${uploadId}:${version}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = load(db, uploadId, Number(u.total)).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  const codes = await pending;
  cache.delete(uploadId);
  cache.set(uploadId, { version, codes });
  if (cache.size > MAX_UPLOADS) cache.delete(cache.keys().next().value as string);
  return codes;
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
