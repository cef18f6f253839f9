import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { webhookDeliveries, webhookEndpoints } from './schema';

// A workspace's endpoints as its data export reads them, and erased with its data (retention).

/** One page of the workspace's webhook endpoints (their signing secrets left out). */
export const webhooksExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      row: sql`jsonb_build_object('id', ${webhookEndpoints.id}, 'url', ${webhookEndpoints.url},
        'events', ${webhookEndpoints.events}, 'createdAt', ${webhookEndpoints.createdAt})`,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .limit(limit)
    .offset(offset);

/** The workspace's deliveries, then its endpoints. */
export async function eraseWorkspaceWebhooks(db: Db, workspaceId: string) {
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, workspaceId));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId));
}
