import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import { type CsvCell, csvLine, csvRows } from '../../../shared/csv';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { exportUpload } from '../lists/export';

/** One file of the zip; `open` is called when the zip gets to it, so only one is read at a time. */
export interface ExportEntry {
  name: string;
  open: () => Promise<Readable>;
}

const PAGE = 1000;

/** A query's rows as a JSON array, read PAGE rows at a time (`statement` must order its rows). */
function jsonArray(db: Db, statement: (limit: number, offset: number) => SQL): () => Promise<Readable> {
  return async () =>
    Readable.from(
      (async function* () {
        yield '[';
        let first = true;
        for (let offset = 0; ; offset += PAGE) {
          const rows = await query<{ row: unknown }>(db, statement(PAGE, offset));
          for (const r of rows) {
            yield `${first ? '\n' : ',\n'}${JSON.stringify(typeof r.row === 'string' ? JSON.parse(r.row) : r.row)}`;
            first = false;
          }
          if (rows.length < PAGE) break;
        }
        yield '\n]\n';
      })(),
    );
}

/** A query's rows as a formula-safe CSV (src/shared/csv), PAGE rows at a time. */
function csv<T>(
  db: Db,
  header: string[],
  statement: (limit: number, offset: number) => SQL,
  cells: (row: T) => CsvCell[],
): () => Promise<Readable> {
  return async () =>
    Readable.from(
      (async function* () {
        yield `\uFEFF${csvLine(header)}`;
        for (let offset = 0; ; offset += PAGE) {
          const rows = await query<T>(db, statement(PAGE, offset));
          if (rows.length) yield csvRows(rows.map(cells));
          if (rows.length < PAGE) break;
        }
      })(),
    );
}

const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 80);
const json = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * Everything a workspace holds, file by file. Secrets (the Smartlead key, webhook signing secrets, token
 * hashes) are left out: they are credentials, not the customer's data.
 */
export async function exportEntries(opts: {
  db: Db;
  workspaceId: string;
  userId: string;
}): Promise<ExportEntry[]> {
  const { db, workspaceId: w, userId } = opts;
  const uploads = await query<{ id: string; original_name: string }>(
    db,
    sql`SELECT id, original_name FROM uploads WHERE workspace_id = ${w} ORDER BY uploaded_at, id`,
  );
  return [
    {
      name: 'account.json',
      open: jsonArray(
        db,
        (l, o) => sql`SELECT jsonb_build_object(
            'user', (SELECT jsonb_build_object('id', id, 'username', username, 'email', email, 'firstName',
              first_name, 'lastName', last_name, 'createdAt', created_at) FROM users WHERE id = ${userId}),
            'workspace', (SELECT to_jsonb(x) FROM workspaces x WHERE id = ${w}),
            'members', (SELECT coalesce(jsonb_agg(jsonb_build_object('username', u.username, 'role', m.role)), '[]')
              FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ${w})
          ) AS row LIMIT ${l} OFFSET ${o}`,
      ),
    },
    {
      name: 'lists.json',
      open: jsonArray(
        db,
        (
          l,
          o,
        ) => sql`SELECT jsonb_build_object('id', id, 'name', original_name, 'status', status, 'total', total,
            'valid', valid, 'invalid', invalid, 'risky', risky, 'uploadedAt', uploaded_at,
            'completedAt', completed_at) AS row
          FROM uploads WHERE workspace_id = ${w} ORDER BY uploaded_at, id LIMIT ${l} OFFSET ${o}`,
      ),
    },
    ...uploads.map((u, i) => ({
      name: `lists/${String(i + 1).padStart(3, '0')}-${safeName(u.original_name)}${u.original_name.toLowerCase().endsWith('.csv') ? '' : '.csv'}`,
      open: async () => (await exportUpload({ db, workspaceId: w, uploadId: u.id, type: 'all' })).stream,
    })),
    {
      name: 'scrape-jobs.json',
      open: jsonArray(
        db,
        (
          l,
          o,
        ) => sql`SELECT jsonb_build_object('id', id, 'status', status, 'mode', mode, 'keywords', keywords,
            'location', location, 'maxItems', max_items, 'completedItems', completed_items,
            'createdAt', created_at, 'completedAt', completed_at) AS row
          FROM scrape_jobs WHERE workspace_id = ${w} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`,
      ),
    },
    {
      name: 'scrape-profiles.csv',
      open: csv<{ job_id: string; username: string; email: string; profile: unknown; cleaned: unknown }>(
        db,
        ['job_id', 'username', 'email', 'profile', 'cleaned'],
        (l, o) => sql`SELECT job_id, username, email, profile, cleaned FROM scrape_profiles
          WHERE workspace_id = ${w} ORDER BY job_id, position, id LIMIT ${l} OFFSET ${o}`,
        (r) => [r.job_id, r.username, r.email, json(r.profile), json(r.cleaned)],
      ),
    },
    {
      name: 'campaigns.json',
      open: jsonArray(
        db,
        (l, o) => sql`SELECT to_jsonb(c) - 'workspace_id' - 'idempotency_key' - 'lease_until' AS row
          FROM smartlead_campaigns c WHERE workspace_id = ${w} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`,
      ),
    },
    {
      name: 'campaign-leads.json',
      open: jsonArray(
        db,
        (l, o) => sql`SELECT to_jsonb(x) - 'workspace_id' AS row FROM smartlead_campaign_leads x
          WHERE workspace_id = ${w} ORDER BY campaign_id, email LIMIT ${l} OFFSET ${o}`,
      ),
    },
    {
      name: 'templates.json',
      open: jsonArray(
        db,
        (l, o) => sql`SELECT to_jsonb(t) - 'workspace_id' AS row FROM email_templates t
          WHERE workspace_id = ${w} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`,
      ),
    },
    {
      name: 'webhooks.json',
      open: jsonArray(
        db,
        (
          l,
          o,
        ) => sql`SELECT jsonb_build_object('id', id, 'url', url, 'events', events, 'createdAt', created_at) AS row
          FROM webhook_endpoints WHERE workspace_id = ${w} ORDER BY created_at, id LIMIT ${l} OFFSET ${o}`,
      ),
    },
    {
      name: 'activity.csv',
      open: csv<{
        created_at: Date | string;
        username: string | null;
        action: string;
        target: string | null;
        detail: unknown;
      }>(
        db,
        ['time', 'who', 'action', 'target', 'detail'],
        (l, o) => sql`SELECT a.created_at, u.username, a.action, a.target, a.detail FROM activity_log a
          LEFT JOIN users u ON u.id = a.user_id WHERE a.workspace_id = ${w}
          ORDER BY a.created_at, a.id LIMIT ${l} OFFSET ${o}`,
        (r) => [
          new Date(r.created_at).toISOString(),
          r.username ?? '',
          r.action,
          r.target ?? '',
          json(r.detail),
        ],
      ),
    },
    {
      name: 'usage.csv',
      open: csv<{ month: string; kind: string; count: number; units: number }>(
        db,
        ['month', 'kind', 'count', 'units'],
        (l, o) => sql`SELECT month::text AS month, kind, count, units FROM usage_counters
          WHERE workspace_id = ${w} ORDER BY month, kind LIMIT ${l} OFFSET ${o}`,
        (r) => [r.month, r.kind, Number(r.count), Number(r.units)],
      ),
    },
  ];
}
