import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { emailTemplates } from './schema';

// A workspace's templates as its data export reads them, and erased with its data (retention).

/** One page of the workspace's e-mail templates, oldest first. */
export const templatesExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({ row: sql`to_jsonb(${emailTemplates}) - 'workspace_id'` })
    .from(emailTemplates)
    .where(eq(emailTemplates.workspaceId, workspaceId))
    .orderBy(asc(emailTemplates.createdAt), asc(emailTemplates.id))
    .limit(limit)
    .offset(offset);

export const eraseWorkspaceTemplates = (db: Db, workspaceId: string) =>
  db.delete(emailTemplates).where(eq(emailTemplates.workspaceId, workspaceId));
