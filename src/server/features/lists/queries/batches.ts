import { sql } from 'drizzle-orm';

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
export const completeBatchStep = (p: { uploadId: string; batchNo: number; owner: string; step: 1 | 2 }) => {
  const done =
    p.step === 1
      ? sql`step1_done = true, step1_by = ${p.owner}`
      : sql`step2_done = true, step2_by = ${p.owner}`;
  return sql`
    UPDATE upload_batches SET ${done}, lease_owner = NULL, lease_until = NULL
    WHERE upload_id = ${p.uploadId} AND batch_no = ${p.batchNo} AND lease_owner = ${p.owner}`;
};

/** Frees every batch of the upload `owner` holds. */
export const releaseOwnerLeases = (p: { uploadId: string; owner: string }) =>
  sql`
    UPDATE upload_batches SET lease_owner = NULL, lease_until = NULL
    WHERE upload_id = ${p.uploadId} AND lease_owner = ${p.owner}`;

/** Extends the leases `owner` holds on the upload's batches. */
export const extendOwnerLeases = (p: { leaseSeconds: number; uploadId: string; owner: string }) =>
  sql`
    UPDATE upload_batches SET lease_until = now() + make_interval(secs => ${p.leaseSeconds})
    WHERE upload_id = ${p.uploadId} AND lease_owner = ${p.owner}`;

/** The upload's run is alive (a stale heartbeat is how a dead run is found). */
export const touchHeartbeat = (p: { uploadId: string }) =>
  sql`UPDATE uploads SET heartbeat_at = now() WHERE id = ${p.uploadId}`;

/** The upload's batches not done with both steps, and those under a live lease. */
export const batchCounts = (p: { uploadId: string }) =>
  sql`
    SELECT count(*) FILTER (WHERE NOT (step1_done AND step2_done))::int AS open,
      count(*) FILTER (WHERE lease_until >= now())::int AS leased
    FROM upload_batches WHERE upload_id = ${p.uploadId}`;

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
