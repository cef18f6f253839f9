import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { uploads } from './schema';

// A workspace's lists as its data export reads them, and erased with its data (retention).

/** The workspace's lists, oldest first: one CSV each in the export. */
export const uploadNamesOf = (db: Db, workspaceId: string) =>
  db
    .select({ id: uploads.id, originalName: uploads.originalName })
    .from(uploads)
    .where(eq(uploads.workspaceId, workspaceId))
    .orderBy(asc(uploads.uploadedAt), asc(uploads.id));

/** One page of the workspace's lists, oldest first, each as one JSON object. */
export const listsExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      row: sql`jsonb_build_object('id', ${uploads.id}, 'name', ${uploads.originalName}, 'status', ${uploads.status},
        'total', ${uploads.total}, 'valid', ${uploads.valid}, 'invalid', ${uploads.invalid}, 'risky', ${uploads.risky},
        'uploadedAt', ${uploads.uploadedAt}, 'completedAt', ${uploads.completedAt})`,
    })
    .from(uploads)
    .where(eq(uploads.workspaceId, workspaceId))
    .orderBy(asc(uploads.uploadedAt), asc(uploads.id))
    .limit(limit)
    .offset(offset);

/** The workspace's lists, one by one: their rows and results go with each (trigger), 250k rows at most. */
export async function eraseWorkspaceUploads(db: Db, workspaceId: string) {
  const ids = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.workspaceId, workspaceId));
  for (const u of ids) await db.delete(uploads).where(eq(uploads.id, u.id));
}

/** A list's name by id, or null (the activity log names the list an entry is about). */
export async function uploadNameOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: uploads.originalName })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  return row?.name ?? null;
}
