import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { smartleadCampaignLeads, smartleadCampaigns, smartleadSettings } from './schema';

// What other features read of a workspace's Smartlead rows (its data export, the daily sending-domain
// check), and what retention erases of them.

/** One page of the workspace's campaigns, without the sending machinery's own columns. */
export const campaignsExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      row: sql`to_jsonb(${smartleadCampaigns}) - 'workspace_id' - 'idempotency_key' - 'lease_until'`,
    })
    .from(smartleadCampaigns)
    .where(eq(smartleadCampaigns.workspaceId, workspaceId))
    .orderBy(asc(smartleadCampaigns.createdAt), asc(smartleadCampaigns.id))
    .limit(limit)
    .offset(offset);

/** One page of the addresses each campaign was sent to. */
export const campaignLeadsExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({ row: sql`to_jsonb(${smartleadCampaignLeads}) - 'workspace_id'` })
    .from(smartleadCampaignLeads)
    .where(eq(smartleadCampaignLeads.workspaceId, workspaceId))
    .orderBy(asc(smartleadCampaignLeads.campaignId), asc(smartleadCampaignLeads.email))
    .limit(limit)
    .offset(offset);

/** The workspaces that saved a Smartlead key. */
export const workspacesWithSmartleadKey = async (db: Db) =>
  (await db.select({ id: smartleadSettings.workspaceId }).from(smartleadSettings)).map((r) => r.id);

/** The workspace's leads, campaigns and settings, children first (retention of a canceled workspace). */
export async function eraseWorkspaceSmartlead(db: Db, workspaceId: string) {
  await db.delete(smartleadCampaignLeads).where(eq(smartleadCampaignLeads.workspaceId, workspaceId));
  await db.delete(smartleadCampaigns).where(eq(smartleadCampaigns.workspaceId, workspaceId));
  await db.delete(smartleadSettings).where(eq(smartleadSettings.workspaceId, workspaceId));
}
