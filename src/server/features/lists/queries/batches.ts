import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { uploadBatches, uploads } from '../schema';

// What running a list asks of the database about its batches (upload_batches): slices of rows that
// lanes claim under a lease, so several workers and a restarted one share a run without doing a row twice.

/** The next open batch of a step nobody holds (or whose lease lapsed), leased to `owner`. */
export const claimNextBatch = (p: { owner: string; leaseSeconds: number; uploadId: string; step: 1 | 2 }) => {
  const open = p.step === 1 ? sql`NOT step1_done` : sql`step1_done AND NOT step2_done`;
  return sql`
    UPDATE upload_batches b
    SET lease_owner = ${p.owner}, lease_until = now() + make_interval(secs => ${p.leaseSeconds}),
      claims = b.claims + 1
    FROM (
      SELECT upload_id, batch_no FROM upload_batches
      WHERE upload_id = ${p.uploadId} AND ${open} AND (lease_until IS NULL OR lease_until < now())
      ORDER BY batch_no LIMIT 1
      FOR UPDATE SKIP LOCKED
    ) c
    WHERE b.upload_id = c.upload_id AND b.batch_no = c.batch_no
    RETURNING b.batch_no, b.lo, b.hi`;
};

/** Marks a batch's step done and frees it, if `owner` still holds its lease. */
export async function completeBatchStep(
  db: Db,
  p: { uploadId: string; batchNo: number; owner: string; step: 1 | 2 },
): Promise<void> {
  const done = p.step === 1 ? { step1Done: true, step1By: p.owner } : { step2Done: true, step2By: p.owner };
  await db
    .update(uploadBatches)
    .set({ ...done, leaseOwner: null, leaseUntil: null })
    .where(
      and(
        eq(uploadBatches.uploadId, p.uploadId),
        eq(uploadBatches.batchNo, p.batchNo),
        eq(uploadBatches.leaseOwner, p.owner),
      ),
    );
}

const heldBy = (p: { uploadId: string; owner: string }) =>
  and(eq(uploadBatches.uploadId, p.uploadId), eq(uploadBatches.leaseOwner, p.owner));

/** Frees every batch of the upload `owner` holds. */
export async function releaseOwnerLeases(db: Db, p: { uploadId: string; owner: string }): Promise<void> {
  await db.update(uploadBatches).set({ leaseOwner: null, leaseUntil: null }).where(heldBy(p));
}

/** Extends the leases `owner` holds on the upload's batches. */
export async function extendOwnerLeases(
  db: Db,
  p: { leaseSeconds: number; uploadId: string; owner: string },
): Promise<void> {
  await db
    .update(uploadBatches)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${p.leaseSeconds})` })
    .where(heldBy(p));
}

/** The upload's run is alive (a stale heartbeat is how a dead run is found). */
export async function touchHeartbeat(db: Db, p: { uploadId: string }): Promise<void> {
  await db.update(uploads).set({ heartbeatAt: sql`now()` }).where(eq(uploads.id, p.uploadId));
}

/** The upload's batches not done with both steps, and those under a live lease. */
export async function batchCounts(db: Db, p: { uploadId: string }) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) FILTER (WHERE NOT (${uploadBatches.step1Done} AND ${uploadBatches.step2Done}))::int`,
      leased: sql<number>`count(*) FILTER (WHERE ${uploadBatches.leaseUntil} >= now())::int`,
    })
    .from(uploadBatches)
    .where(eq(uploadBatches.uploadId, p.uploadId));
  return { open: row?.open ?? 0, leased: row?.leased ?? 0 };
}

/** Frees every lease on the batches of running uploads (at the embedded database's boot, all their holders are dead). */
export const releaseRunningLeases = () =>
  sql`
      UPDATE upload_batches SET lease_owner = NULL, lease_until = NULL
      WHERE lease_until IS NOT NULL
        AND upload_id IN (SELECT id FROM uploads WHERE status = 'processing')`;

/** Cuts the upload's rows into batches of `size` rows (the last one shorter). */
export const cutIntoBatches = (p: { uploadId: string; size: number; total: number }) =>
  sql`
    INSERT INTO upload_batches (upload_id, batch_no, lo, hi)
    SELECT ${p.uploadId}::uuid, g, g * ${p.size}::int, least((g + 1) * ${p.size}::int, ${p.total}::int) - 1
    FROM generate_series(0, ceil(${p.total}::numeric / ${p.size}::int)::int - 1) AS g`;
