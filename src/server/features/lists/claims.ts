import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';

export interface ClaimedBatch {
  batchNo: number;
  lo: number;
  hi: number;
  step: 1 | 2;
}

/**
 * Claims the next batch of a step: FOR UPDATE SKIP LOCKED picks a batch nobody is claiming right now,
 * and the lease keeps it ours until it lapses (a dead worker's batches are taken over after that).
 * Step 1 batches come first, so step 2 starts when step 1 has nothing left to hand out.
 */
export async function claimBatch(opts: {
  db: Db;
  uploadId: string;
  owner: string;
  leaseSeconds: number;
  step: 1 | 2;
}): Promise<ClaimedBatch | null> {
  const open = opts.step === 1 ? sql`NOT step1_done` : sql`step1_done AND NOT step2_done`;
  const rows = await query<{ batch_no: number; lo: number; hi: number }>(
    opts.db,
    sql`
    UPDATE upload_batches b
    SET lease_owner = ${opts.owner}, lease_until = now() + make_interval(secs => ${opts.leaseSeconds}),
      claims = b.claims + 1
    FROM (
      SELECT upload_id, batch_no FROM upload_batches
      WHERE upload_id = ${opts.uploadId} AND ${open} AND (lease_until IS NULL OR lease_until < now())
      ORDER BY batch_no LIMIT 1
      FOR UPDATE SKIP LOCKED
    ) c
    WHERE b.upload_id = c.upload_id AND b.batch_no = c.batch_no
    RETURNING b.batch_no, b.lo, b.hi`,
  );
  const r = rows[0];
  return r ? { batchNo: Number(r.batch_no), lo: Number(r.lo), hi: Number(r.hi), step: opts.step } : null;
}

/** Marks a batch's step done, if the lease is still ours (else the new holder finishes it). */
export async function completeBatch(opts: {
  db: Db;
  uploadId: string;
  owner: string;
  batch: ClaimedBatch;
}): Promise<void> {
  const done =
    opts.batch.step === 1
      ? sql`step1_done = true, step1_by = ${opts.owner}`
      : sql`step2_done = true, step2_by = ${opts.owner}`;
  await opts.db.execute(sql`
    UPDATE upload_batches SET ${done}, lease_owner = NULL, lease_until = NULL
    WHERE upload_id = ${opts.uploadId} AND batch_no = ${opts.batch.batchNo} AND lease_owner = ${opts.owner}`);
}

/** Gives back whatever this owner holds (a lane stopping early). */
export async function releaseLeases(opts: { db: Db; uploadId: string; owner: string }): Promise<void> {
  await opts.db.execute(sql`
    UPDATE upload_batches SET lease_owner = NULL, lease_until = NULL
    WHERE upload_id = ${opts.uploadId} AND lease_owner = ${opts.owner}`);
}

/** Keeps this owner's leases and the upload's heartbeat fresh while a long batch runs (SMTP). */
export async function heartbeat(opts: {
  db: Db;
  uploadId: string;
  owner: string;
  leaseSeconds: number;
}): Promise<void> {
  await opts.db.execute(sql`
    UPDATE upload_batches SET lease_until = now() + make_interval(secs => ${opts.leaseSeconds})
    WHERE upload_id = ${opts.uploadId} AND lease_owner = ${opts.owner}`);
  await opts.db.execute(sql`UPDATE uploads SET heartbeat_at = now() WHERE id = ${opts.uploadId}`);
}

/** Whether any batch of the upload is still held by a live lease (another worker is on it). */
export async function openBatches(opts: {
  db: Db;
  uploadId: string;
}): Promise<{ open: number; leased: number }> {
  const rows = await query<{ open: number; leased: number }>(
    opts.db,
    sql`
    SELECT count(*) FILTER (WHERE NOT (step1_done AND step2_done))::int AS open,
      count(*) FILTER (WHERE lease_until >= now())::int AS leased
    FROM upload_batches WHERE upload_id = ${opts.uploadId}`,
  );
  return { open: Number(rows[0]?.open ?? 0), leased: Number(rows[0]?.leased ?? 0) };
}
