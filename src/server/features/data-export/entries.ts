import { Readable } from 'node:stream';
import { type CsvCell, csvLine, csvRows } from '../../../shared/csv';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { exportUpload } from '../lists/export';
import {
  accountPage,
  activityPage,
  campaignLeadsPage,
  campaignsPage,
  listsPage,
  type Page,
  scrapeJobsPage,
  scrapeProfilesPage,
  templatesPage,
  uploadsOf,
  usagePage,
  webhooksPage,
} from './queries';

/** One file of the zip; `open` is called when the zip gets to it, so only one is read at a time. */
export interface ExportEntry {
  name: string;
  open: () => Promise<Readable>;
}

const PAGE = 1000;

/** A query's rows as a JSON array, read PAGE rows at a time (`statement` must order its rows). */
function jsonArray(db: Db, statement: Page): () => Promise<Readable> {
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
  statement: Page,
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
  const uploads = await query<{ id: string; original_name: string }>(db, uploadsOf({ workspaceId: w }));
  return [
    {
      name: 'account.json',
      open: jsonArray(db, accountPage({ workspaceId: w, userId })),
    },
    {
      name: 'lists.json',
      open: jsonArray(db, listsPage({ workspaceId: w })),
    },
    ...uploads.map((u, i) => ({
      name: `lists/${String(i + 1).padStart(3, '0')}-${safeName(u.original_name)}${u.original_name.toLowerCase().endsWith('.csv') ? '' : '.csv'}`,
      open: async () => (await exportUpload({ db, workspaceId: w, uploadId: u.id, type: 'all' })).stream,
    })),
    {
      name: 'scrape-jobs.json',
      open: jsonArray(db, scrapeJobsPage({ workspaceId: w })),
    },
    {
      name: 'scrape-profiles.csv',
      open: csv<{ job_id: string; username: string; email: string; profile: unknown; cleaned: unknown }>(
        db,
        ['job_id', 'username', 'email', 'profile', 'cleaned'],
        scrapeProfilesPage({ workspaceId: w }),
        (r) => [r.job_id, r.username, r.email, json(r.profile), json(r.cleaned)],
      ),
    },
    {
      name: 'campaigns.json',
      open: jsonArray(db, campaignsPage({ workspaceId: w })),
    },
    {
      name: 'campaign-leads.json',
      open: jsonArray(db, campaignLeadsPage({ workspaceId: w })),
    },
    {
      name: 'templates.json',
      open: jsonArray(db, templatesPage({ workspaceId: w })),
    },
    {
      name: 'webhooks.json',
      open: jsonArray(db, webhooksPage({ workspaceId: w })),
    },
    {
      name: 'activity.csv',
      open: csv<{
        created_at: Date | string;
        username: string | null;
        action: string;
        target: string | null;
        detail: unknown;
      }>(db, ['time', 'who', 'action', 'target', 'detail'], activityPage({ workspaceId: w }), (r) => [
        new Date(r.created_at).toISOString(),
        r.username ?? '',
        r.action,
        r.target ?? '',
        json(r.detail),
      ]),
    },
    {
      name: 'usage.csv',
      open: csv<{ month: string; kind: string; count: number; units: number }>(
        db,
        ['month', 'kind', 'count', 'units'],
        usagePage({ workspaceId: w }),
        (r) => [r.month, r.kind, Number(r.count), Number(r.units)],
      ),
    },
  ];
}
