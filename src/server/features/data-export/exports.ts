import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { DATA_EXPORT_KEEP_DAYS, type DataExport } from '../../../shared/data-export';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import type { JobSender } from '../../platform/jobs/registry';
import { lockAccountRow } from '../auth';
import { dataExportJobType } from './job-type';
import { dataExportChunks, dataExports } from './schema';

type Row = typeof dataExports.$inferSelect;

export function toDataExport(r: Row): DataExport {
  return {
    id: r.id,
    status: r.status,
    progress: r.status === 'ready' ? 100 : r.totalSteps ? Math.floor((r.doneSteps / r.totalSteps) * 100) : 0,
    sizeBytes: r.sizeBytes,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
    downloadUrl: r.status === 'ready' ? `/api/account/export/${r.id}/download` : null,
  };
}

const own = (o: { workspaceId: string; userId: string }) =>
  and(eq(dataExports.workspaceId, o.workspaceId), eq(dataExports.userId, o.userId));

/**
 * Queues a new export, unless one is already being built (then that one is the answer). An account has
 * one export at a time: starting one deletes its older ones (every workspace's), so repeated requests
 * never pile up copies of everything kept for days. The account's row is locked meanwhile, so two
 * simultaneous requests make one export.
 */
export async function startExport(opts: {
  db: Db;
  queue: JobSender;
  workspaceId: string;
  userId: string;
  now: Date;
}): Promise<DataExport> {
  const made = await opts.db.transaction(async (tx) => {
    await lockAccountRow(tx, opts.userId);
    const [busy] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, opts.userId), inArray(dataExports.status, ['queued', 'running'])))
      .limit(1);
    if (busy?.workspaceId === opts.workspaceId) return { row: busy, fresh: false };
    if (busy)
      throw conflict('An export of another of your workspaces is being built. Try again when it is ready.');
    await tx.delete(dataExports).where(eq(dataExports.userId, opts.userId));
    const [row] = await tx
      .insert(dataExports)
      .values({
        workspaceId: opts.workspaceId,
        userId: opts.userId,
        createdAt: opts.now,
        expiresAt: new Date(opts.now.getTime() + DATA_EXPORT_KEEP_DAYS * 86_400_000),
      })
      .returning();
    return { row, fresh: true };
  });
  if (made.fresh) {
    await opts.queue.send(dataExportJobType, { exportId: made.row.id }, { singletonKey: made.row.id });
  }
  return toDataExport(made.row);
}

export async function latestExport(opts: { db: Db; workspaceId: string; userId: string; now: Date }) {
  const [row] = await opts.db
    .select()
    .from(dataExports)
    .where(and(own(opts), gt(dataExports.expiresAt, opts.now)))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return { export: row ? toDataExport(row) : null };
}

/** The chunks of a ready export of this user in this workspace, one row at a time; 404 otherwise. */
export async function exportChunks(opts: {
  db: Db;
  workspaceId: string;
  userId: string;
  id: string;
  now: Date;
}) {
  const { db, id } = opts;
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), own(opts), gt(dataExports.expiresAt, opts.now)))
    .limit(1);
  if (!row) throw notFound('Export not found');
  if (row.status !== 'ready') throw conflict('This export is not ready yet.');
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [c] = await db
        .select({ data: dataExportChunks.data })
        .from(dataExportChunks)
        .where(and(eq(dataExportChunks.exportId, id), eq(dataExportChunks.seq, seq)));
      if (!c) return;
      yield c.data;
    }
  }
  return { row, chunks: chunks() };
}

/** Retention: exports past their keep date (and their bytes) go. */
export async function deleteExpiredExports(opts: { db: Db; now: Date }) {
  const gone = await opts.db
    .delete(dataExports)
    .where(lte(dataExports.expiresAt, opts.now))
    .returning({ id: dataExports.id });
  return gone.length;
}

/** The workspace's exports and their chunks (cascade), erased with its data (retention). */
export const eraseWorkspaceExports = (db: Db, workspaceId: string) =>
  db.delete(dataExports).where(eq(dataExports.workspaceId, workspaceId));
