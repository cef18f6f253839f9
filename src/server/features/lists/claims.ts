import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import {
  batchCounts,
  claimNextBatch,
  completeBatchStep,
  extendOwnerLeases,
  releaseOwnerLeases,
  touchHeartbeat,
} from './queries/batches';

export interface ClaimedBatch {
  batchNo: number;
  lo: number;
  hi: number;
  step: 1 | 2;
}

/** The batch a claim took: its number and the row indexes it spans. */
const claimedRow = z.object({ batch_no: dbInt, lo: dbInt, hi: dbInt });

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
  const rows = await queryRows(
    opts.db,
    claimedRow,
    claimNextBatch({
      uploadId: opts.uploadId,
      owner: opts.owner,
      leaseSeconds: opts.leaseSeconds,
      step: opts.step,
    }),
  );
  const r = rows[0];
  return r ? { batchNo: r.batch_no, lo: r.lo, hi: r.hi, step: opts.step } : null;
}

/** Marks a batch's step done, if the lease is still ours (else the new holder finishes it). */
export async function completeBatch(opts: {
  db: Db;
  uploadId: string;
  owner: string;
  batch: ClaimedBatch;
}): Promise<void> {
  await completeBatchStep(opts.db, {
    uploadId: opts.uploadId,
    batchNo: opts.batch.batchNo,
    owner: opts.owner,
    step: opts.batch.step,
  });
}

/** Gives back whatever this owner holds (a lane stopping early). */
export async function releaseLeases(opts: { db: Db; uploadId: string; owner: string }): Promise<void> {
  await releaseOwnerLeases(opts.db, { uploadId: opts.uploadId, owner: opts.owner });
}

/** Keeps this owner's leases and the upload's heartbeat fresh while a long batch runs (SMTP). */
export async function heartbeat(opts: {
  db: Db;
  uploadId: string;
  owner: string;
  leaseSeconds: number;
}): Promise<void> {
  await extendOwnerLeases(opts.db, {
    leaseSeconds: opts.leaseSeconds,
    uploadId: opts.uploadId,
    owner: opts.owner,
  });
  await touchHeartbeat(opts.db, { uploadId: opts.uploadId });
}

/** Whether any batch of the upload is still held by a live lease (another worker is on it). */
export async function openBatches(opts: {
  db: Db;
  uploadId: string;
}): Promise<{ open: number; leased: number }> {
  return batchCounts(opts.db, { uploadId: opts.uploadId });
}
