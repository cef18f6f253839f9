import type { Db } from '../../platform/db/client';
import { accountExportJson, usernamesByIds } from '../auth';
import { templatesExportPage } from '../email-composer';
import { listsExportPage } from '../lists';
import { assistantsExportPage } from '../mcp';
import { scrapeJobsExportPage, scrapeProfilesExportPage } from '../scraper';
import { campaignLeadsExportPage, campaignsExportPage } from '../smartlead';
import { usageExportPage } from '../usage';
import { webhooksExportPage } from '../webhooks';
import { activityExportPage, memberRolesOf, workspaceExportJson } from '../workspaces';

// What a workspace's data export reads, file by file: each owner of a table gives its rows a page at a
// time, ordered, so pages never overlap or skip.

/** One page of a file's rows. */
export type Page<T> = (limit: number, offset: number) => Promise<T[]>;
type JsonRow = { row: unknown };
type Owned = (db: Db, workspaceId: string, limit: number, offset: number) => Promise<JsonRow[]>;

const ofWorkspace =
  (read: Owned) =>
  (db: Db, workspaceId: string): Page<JsonRow> =>
  (l, o) =>
    read(db, workspaceId, l, o);

export const listsPage = ofWorkspace(listsExportPage);
export const scrapeJobsPage = ofWorkspace(scrapeJobsExportPage);
export const campaignsPage = ofWorkspace(campaignsExportPage);
export const campaignLeadsPage = ofWorkspace(campaignLeadsExportPage);
export const templatesPage = ofWorkspace(templatesExportPage);
export const webhooksPage = ofWorkspace(webhooksExportPage);
export const assistantsPage = ofWorkspace(assistantsExportPage);

export const scrapeProfilesPage =
  (db: Db, workspaceId: string): Page<Awaited<ReturnType<typeof scrapeProfilesExportPage>>[number]> =>
  (l, o) =>
    scrapeProfilesExportPage(db, workspaceId, l, o);

export const usagePage =
  (db: Db, workspaceId: string): Page<Awaited<ReturnType<typeof usageExportPage>>[number]> =>
  (l, o) =>
    usageExportPage(db, workspaceId, l, o);

const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * The person, the workspace and its members, as one object. Its keys are in the order the database
 * gave them when this was one jsonb object (by length), so the file reads as before.
 */
export const accountPage =
  (db: Db, p: { workspaceId: string; userId: string }): Page<JsonRow> =>
  async (_l, o) => {
    if (o > 0) return [];
    const [user, workspace, members] = await Promise.all([
      accountExportJson(db, p.userId),
      workspaceExportJson(db, p.workspaceId),
      memberRolesOf(db, p.workspaceId),
    ]);
    const names = await usernamesByIds(
      db,
      members.map((m) => m.userId),
    );
    const known = members.filter((m) => names.has(m.userId));
    return [
      {
        row: {
          user: parsed(user),
          members: known.map((m) => ({ role: m.role, username: names.get(m.userId) })),
          workspace: parsed(workspace),
        },
      },
    ];
  };

/** The workspace's activity log, oldest first, with the username of who acted. */
export const activityPage =
  (
    db: Db,
    workspaceId: string,
  ): Page<{
    createdAt: Date;
    username: string | null;
    action: string;
    target: string | null;
    detail: unknown;
  }> =>
  async (l, o) => {
    const rows = await activityExportPage(db, workspaceId, l, o);
    const names = await usernamesByIds(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map(({ userId, ...r }) => ({ ...r, username: (userId && names.get(userId)) || null }));
  };
