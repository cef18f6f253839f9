import { Readable } from 'node:stream';
import { type CsvCell, csvLine, csvRows } from '../../../shared/csv';
import type { Db } from '../../platform/db/client';
import { exportUpload, uploadNamesOf } from '../lists';
import {
  accountPage,
  activityPage,
  assistantsPage,
  campaignLeadsPage,
  campaignsPage,
  listsPage,
  type Page,
  scrapeJobsPage,
  scrapeProfilesPage,
  templatesPage,
  usagePage,
  webhooksPage,
} from './pages';

/** One file of the zip; `open` is called when the zip gets to it, so only one is read at a time. */
export interface ExportEntry {
  name: string;
  open: () => Promise<Readable>;
}

const PAGE = 1000;

/** A query's rows as a JSON array, read PAGE rows at a time (`statement` must order its rows). */
function jsonArray(statement: Page<{ row: unknown }>): () => Promise<Readable> {
  return async () =>
    Readable.from(
      (async function* () {
        yield '[';
        let first = true;
        for (let offset = 0; ; offset += PAGE) {
          const rows = await statement(PAGE, offset);
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
function csv<T>(header: string[], statement: Page<T>, cells: (row: T) => CsvCell[]): () => Promise<Readable> {
  return async () =>
    Readable.from(
      (async function* () {
        yield `\uFEFF${csvLine(header)}`;
        for (let offset = 0; ; offset += PAGE) {
          const rows = await statement(PAGE, offset);
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
  const uploads = await uploadNamesOf(db, w);
  return [
    {
      name: 'account.json',
      open: jsonArray(accountPage(db, { workspaceId: w, userId })),
    },
    {
      name: 'lists.json',
      open: jsonArray(listsPage(db, w)),
    },
    ...uploads.map((u, i) => ({
      name: `lists/${String(i + 1).padStart(3, '0')}-${safeName(u.originalName)}${u.originalName.toLowerCase().endsWith('.csv') ? '' : '.csv'}`,
      open: async () => (await exportUpload({ db, workspaceId: w, uploadId: u.id, type: 'all' })).stream,
    })),
    {
      name: 'scrape-jobs.json',
      open: jsonArray(scrapeJobsPage(db, w)),
    },
    {
      name: 'scrape-profiles.csv',
      open: csv(['job_id', 'username', 'email', 'profile', 'cleaned'], scrapeProfilesPage(db, w), (r) => [
        r.jobId,
        r.username,
        r.email,
        json(r.profile),
        json(r.cleaned),
      ]),
    },
    {
      name: 'campaigns.json',
      open: jsonArray(campaignsPage(db, w)),
    },
    {
      name: 'campaign-leads.json',
      open: jsonArray(campaignLeadsPage(db, w)),
    },
    {
      name: 'templates.json',
      open: jsonArray(templatesPage(db, w)),
    },
    {
      name: 'webhooks.json',
      open: jsonArray(webhooksPage(db, w)),
    },
    {
      name: 'ai-assistants.json',
      open: jsonArray(assistantsPage(db, w)),
    },
    {
      name: 'activity.csv',
      open: csv(['time', 'who', 'action', 'target', 'detail'], activityPage(db, w), (r) => [
        new Date(r.createdAt).toISOString(),
        r.username ?? '',
        r.action,
        r.target ?? '',
        json(r.detail),
      ]),
    },
    {
      name: 'usage.csv',
      open: csv(['month', 'kind', 'count', 'units'], usagePage(db, w), (r) => [
        r.month,
        r.kind,
        Number(r.count),
        Number(r.units),
      ]),
    },
  ];
}
