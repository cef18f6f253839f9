import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { exportEntries } from './entries';
import { dataExportChunks, dataExports } from './schema';
import { zipStream } from './zip';

/** Bytes of zip kept in memory before they are written as one row. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Builds one export: the zip is streamed entry by entry (each file read page by page) and its bytes are
 * written as CHUNK_BYTES rows, so memory stays flat whatever the workspace holds. Progress is the share
 * of files written. Safe to run again (a retried job): earlier chunks are dropped first.
 */
export async function buildExport(opts: {
  db: Db;
  exportId: string;
  now: () => Date;
  chunkBytes?: number;
}): Promise<void> {
  const { db, exportId } = opts;
  const [job] = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  if (!job || job.status === 'ready') return;
  await db.delete(dataExportChunks).where(eq(dataExportChunks.exportId, exportId));
  const entries = await exportEntries({ db, workspaceId: job.workspaceId, userId: job.userId });
  await db
    .update(dataExports)
    .set({ status: 'running', doneSteps: 0, totalSteps: entries.length, error: null })
    .where(eq(dataExports.id, exportId));

  let done = 0;
  const sources = entries.map((entry) => ({
    ...entry,
    done: async () => {
      done += 1;
    },
  }));
  let seq = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insert(dataExportChunks).values({ exportId, seq: seq++, data });
    await db.update(dataExports).set({ doneSteps: done }).where(eq(dataExports.id, exportId));
  };
  for await (const piece of zipStream(sources, opts.now())) {
    pending.push(piece);
    pendingBytes += piece.length;
    size += piece.length;
    if (pendingBytes >= (opts.chunkBytes ?? CHUNK_BYTES)) await flush();
  }
  await flush();
  await db
    .update(dataExports)
    .set({ status: 'ready', doneSteps: entries.length, sizeBytes: size, finishedAt: opts.now() })
    .where(and(eq(dataExports.id, exportId), sql`${dataExports.status} = 'running'`));
}

/** A build that failed for good: said so on screen, its partial chunks dropped. */
export async function failExport(opts: { db: Db; exportId: string; message: string; now: Date }) {
  await opts.db.delete(dataExportChunks).where(eq(dataExportChunks.exportId, opts.exportId));
  await opts.db
    .update(dataExports)
    .set({ status: 'failed', error: opts.message, finishedAt: opts.now })
    .where(eq(dataExports.id, opts.exportId));
}
