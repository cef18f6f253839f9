import { type SQL, sql } from 'drizzle-orm';

// What a workspace's data export reads: each file of the zip is one statement over one table (or a few),
// read a page at a time. The rows are ordered, so pages never overlap or skip.

/** One page of a file's rows. */
export type Page = (limit: number, offset: number) => SQL;

/** The workspace's lists, oldest first: one CSV each in the export. */
export const uploadsOf = (p: { workspaceId: string }) =>
  sql`SELECT id, original_name FROM uploads WHERE workspace_id = ${p.workspaceId} ORDER BY uploaded_at, id`;

/** The person, the workspace and its members, as one object. */
export const accountPage =
  (p: { workspaceId: string; userId: string }): Page =>
  (l, o) =>
    sql`SELECT jsonb_build_object(
            'user', (SELECT jsonb_build_object('id', id, 'username', username, 'email', email, 'firstName',
              first_name, 'lastName', last_name, 'createdAt', created_at) FROM users WHERE id = ${p.userId}),
            'workspace', (SELECT to_jsonb(x) FROM workspaces x WHERE id = ${p.workspaceId}),
            'members', (SELECT coalesce(jsonb_agg(jsonb_build_object('username', u.username, 'role', m.role)), '[]')
              FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ${p.workspaceId})
          ) AS row LIMIT ${l} OFFSET ${o}`;

/** The workspace's lists, oldest first (their rows are in lists/*.csv). */
export const listsPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT jsonb_build_object('id', id, 'name', original_name, 'status', status, 'total', total,
            'valid', valid, 'invalid', invalid, 'risky', risky, 'uploadedAt', uploaded_at,
            'completedAt', completed_at) AS row
          FROM uploads WHERE workspace_id = ${p.workspaceId} ORDER BY uploaded_at, id LIMIT ${l} OFFSET ${o}`;

/** The workspace's Instagram searches, oldest first. */
export const scrapeJobsPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT jsonb_build_object('id', id, 'status', status, 'mode', mode, 'keywords', keywords,
            'location', location, 'maxItems', max_items, 'completedItems', completed_items,
            'createdAt', created_at, 'completedAt', completed_at) AS row
          FROM scrape_jobs WHERE workspace_id = ${p.workspaceId} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`;

/** The profiles those searches found, by search and position. */
export const scrapeProfilesPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT job_id, username, email, profile, cleaned FROM scrape_profiles
          WHERE workspace_id = ${p.workspaceId} ORDER BY job_id, position, id LIMIT ${l} OFFSET ${o}`;

/** The workspace's Smartlead campaigns, without the sending machinery's own columns. */
export const campaignsPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT to_jsonb(c) - 'workspace_id' - 'idempotency_key' - 'lease_until' AS row
          FROM smartlead_campaigns c WHERE workspace_id = ${p.workspaceId} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`;

/** The addresses each campaign was sent to. */
export const campaignLeadsPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT to_jsonb(x) - 'workspace_id' AS row FROM smartlead_campaign_leads x
          WHERE workspace_id = ${p.workspaceId} ORDER BY campaign_id, email LIMIT ${l} OFFSET ${o}`;

/** The workspace's e-mail templates. */
export const templatesPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT to_jsonb(t) - 'workspace_id' AS row FROM email_templates t
          WHERE workspace_id = ${p.workspaceId} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`;

/** The workspace's webhook endpoints (their signing secrets left out). */
export const webhooksPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT jsonb_build_object('id', id, 'url', url, 'events', events, 'createdAt', created_at) AS row
          FROM webhook_endpoints WHERE workspace_id = ${p.workspaceId} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`;

/** The workspace's activity log, with the username of who acted. */
export const activityPage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT a.created_at, u.username, a.action, a.target, a.detail FROM activity_log a
          LEFT JOIN users u ON u.id = a.user_id WHERE a.workspace_id = ${p.workspaceId}
          ORDER BY a.created_at, a.id LIMIT ${l} OFFSET ${o}`;

/** The workspace's usage counters by month and kind. */
export const usagePage =
  (p: { workspaceId: string }): Page =>
  (l, o) =>
    sql`SELECT month::text AS month, kind, count, units FROM usage_counters
          WHERE workspace_id = ${p.workspaceId} ORDER BY month, kind LIMIT ${l} OFFSET ${o}`;

/** Holds the account's row until the transaction ends: one export started at a time per account. */
export const lockAccount = (p: { userId: string }) =>
  sql`SELECT id FROM users WHERE id = ${p.userId} FOR UPDATE`;
