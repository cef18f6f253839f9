import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbInt } from '../../platform/db/sql';
import { yieldToEventLoop } from '../../platform/event-loop';
import { notFound } from '../../platform/http/errors';
import { finalStatusesBetween } from './queries/results';
import { uploadVersion } from './queries/upload-reads';

// Final status of every row of recently searched uploads, for search plus a status filter (the
// search index gives row numbers; this says which of them are valid, invalid or risky). Kept per
// version of the upload's results: every write moves step1_count or step2_count (and a new run moves
// run_id), so an unchanged version means unchanged statuses. While a run writes, a copy up to STALE_MS
// old is served as it is (no statement), and an older one while a fresh copy loads: checking every
// match against the results table instead cost the single embedded connection 30-60 ms per request
// under load. Only the filtered matches can be late (rows that reached the status in the last seconds
// are missing); the page's rows themselves are read fresh. A run's writes in this process also
// write through to the copy (noteWrite), so with the embedded database a copy loaded once stays
// exact for the whole run and is never read again: reloading it every few seconds took about a
// quarter of the connection's time under load.

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
/** Writes noted while an upload's copy loads (see noteWrite). */
const loadingWrites = new Map<string, { w: WrittenStatuses; step: Step }[]>();

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
  const u = await uploadVersion(db, { uploadId, workspaceId: opts.workspaceId });
  if (!u) throw notFound('Upload not found');
  const version = `${u.runId}:${u.step1Count}:${u.step2Count}`;
  const running = u.status === 'processing';
  if (hit?.version === version) {
    hit.running = running;
    hit.loadedAt = performance.now();
    return touch(uploadId, hit);
  }
  let pending = loading.get(uploadId);
  if (!pending) {
    const writes: { w: WrittenStatuses; step: Step }[] = [];
    loadingWrites.set(uploadId, writes);
    pending = load(db, uploadId, Number(u.total))
      .then((codes) => {
        const entry = { version, runId: u.runId, running, loadedAt: performance.now(), codes };
        // Each write sets its rows' statuses outright, so replaying them in order over what was
        // read (which may already show some of them) gives the state after the last one.
        for (const { w, step } of writes) applyWrite(entry, w, step);
        touch(uploadId, entry);
        return entry;
      })
      .finally(() => {
        loading.delete(uploadId);
        loadingWrites.delete(uploadId);
      });
    loading.set(uploadId, pending);
  }
  // The same run's older copy meanwhile (the load continues for the next requests).
  if (running && hit?.running && hit.runId === u.runId) {
    pending.catch(() => {});
    return touch(uploadId, hit);
  }
  return (await pending).codes;
}

/** A deleted upload's copy goes with it. */
export function forgetRowStatuses(uploadId: string): void {
  cache.delete(uploadId);
}

/**
 * A run starting on an upload with nothing verified: its copy is all pending, known without a
 * statement (the run's writes then keep it exact, see noteWrite).
 */
export function seedUnverified(uploadId: string, runId: number, total: number): void {
  touch(uploadId, {
    version: `${runId}:0:0`,
    runId,
    running: true,
    loadedAt: performance.now(),
    codes: new Uint8Array(total),
  });
}

/** A change outside a run's writes (a bounce learned from a campaign): the copy is read again. */
export function forgetStatuses(uploadId: string): void {
  cache.delete(uploadId);
}

/** What one result write returned: the upload's counters after it, and the rows it changed. */
/** What a result write returns: the run's counters after it and the rows it changed. */
export const writtenStatuses = z.object({
  runId: dbInt,
  step1Count: dbInt,
  step2Count: dbInt,
  /** Rows changed by the write (0: none; then rows and statuses are null). */
  n: dbInt,
  rows: z.array(dbInt).nullable(),
  statuses: z.array(z.string()).nullable(),
});
type WrittenStatuses = z.output<typeof writtenStatuses>;

type Step = 'step1' | 'step2';

/**
 * A result write of this process: applied to the upload's copy when the copy is at the version just
 * before it (so it becomes exactly the version after); any other copy is left as it is, and is
 * reloaded when its version is next checked (another process wrote in between). Writes that land
 * while a copy loads are kept and applied, in order, once it has loaded: a copy read during a busy
 * run would otherwise always be behind the counters and be read again and again.
 */
export function noteWrite(uploadId: string, w: WrittenStatuses, step: Step): void {
  loadingWrites.get(uploadId)?.push({ w, step });
  const entry = cache.get(uploadId);
  if (entry) applyWrite(entry, w, step);
}

function applyWrite(entry: Entry, w: WrittenStatuses, step: Step): void {
  const n = w.n;
  const step1Before = w.step1Count - (step === 'step1' ? n : 0);
  const step2Before = w.step2Count - (step === 'step2' ? n : 0);
  if (entry.version !== `${w.runId}:${step1Before}:${step2Before}`) return;
  const rows = w.rows ?? [];
  const statuses = w.statuses ?? [];
  for (let i = 0; i < rows.length; i++) {
    if (rows[i] < entry.codes.length) entry.codes[rows[i]] = CODES[statuses[i]] ?? 0;
  }
  entry.version = `${w.runId}:${w.step1Count}:${w.step2Count}`;
}

async function load(db: Db, uploadId: string, total: number): Promise<Uint8Array> {
  const codes = new Uint8Array(total);
  for (let lo = 0; lo < total; lo += LOAD_CHUNK) {
    await yieldToEventLoop();
    // One array of row numbers per status (three rows per chunk, not one JS object per row).
    const groups = await finalStatusesBetween(db, { uploadId, lo, hi: lo + LOAD_CHUNK });
    for (const g of groups) {
      const code = CODES[g.finalStatus] ?? 0;
      for (const i of g.rows) codes[i] = code;
    }
  }
  return codes;
}
