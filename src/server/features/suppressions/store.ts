import { and, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { csvDocument, looksLikeEmail, readCsv, unguardCell } from '../../../shared/csv';
import {
  type ImportResult,
  MAX_REFUSED_EXAMPLES,
  type RefusedRow,
  SUPPRESSIONS_PAGE_SIZE,
  type SuppressionList,
  type SuppressionReason,
  suppressibleEmailSchema,
} from '../../../shared/suppressions';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { suppressions } from './schema';

const CHUNK = 1000;

/**
 * Adds addresses to the workspace's suppression list (lower-cased, once each). An address already
 * listed keeps its first reason: "bounced" stays even if the person later unsubscribes too.
 */
export async function suppress(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  reason: SuppressionReason;
  now: Date;
}): Promise<{ added: number; alreadyListed: number }> {
  const emails = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  let added = 0;
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await opts.db
      .insert(suppressions)
      .values(
        emails.slice(i, i + CHUNK).map((email) => ({
          workspaceId: opts.workspaceId,
          email,
          reason: opts.reason,
          createdAt: opts.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ email: suppressions.email });
    added += rows.length;
  }
  return { added, alreadyListed: emails.length - added };
}

/** Which of these addresses the workspace suppresses, with the reason (keys lower-cased). */
export async function suppressedAmong(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
}): Promise<Map<string, SuppressionReason>> {
  const emails = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  const found = new Map<string, SuppressionReason>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await opts.db
      .select({ email: suppressions.email, reason: suppressions.reason })
      .from(suppressions)
      .where(
        and(
          eq(suppressions.workspaceId, opts.workspaceId),
          inArray(suppressions.email, emails.slice(i, i + CHUNK)),
        ),
      );
    for (const r of rows) found.set(r.email, r.reason);
  }
  return found;
}

/** A page of the list, newest first; `search` is a case-insensitive prefix of the address. */
export async function listSuppressions(opts: {
  db: Db;
  workspaceId: string;
  page: number;
  search: string;
}): Promise<SuppressionList> {
  const where = and(
    eq(suppressions.workspaceId, opts.workspaceId),
    opts.search ? like(suppressions.email, `${escapeLike(opts.search.toLowerCase())}%`) : undefined,
  );
  const [{ n }] = await opts.db.select({ n: count() }).from(suppressions).where(where);
  const rows = await opts.db
    .select()
    .from(suppressions)
    .where(where)
    .orderBy(desc(suppressions.createdAt), suppressions.email)
    .limit(SUPPRESSIONS_PAGE_SIZE)
    .offset((opts.page - 1) * SUPPRESSIONS_PAGE_SIZE);
  const total = Number(n);
  return {
    items: rows.map((r) => ({ email: r.email, reason: r.reason, createdAt: r.createdAt.toISOString() })),
    total,
    page: opts.page,
    totalPages: Math.max(1, Math.ceil(total / SUPPRESSIONS_PAGE_SIZE)),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function removeSuppression(opts: { db: Db; workspaceId: string; email: string }) {
  const gone = await opts.db
    .delete(suppressions)
    .where(and(eq(suppressions.workspaceId, opts.workspaceId), eq(suppressions.email, opts.email)))
    .returning({ email: suppressions.email });
  if (!gone.length) throw notFound('That address is not on the suppression list');
}

/**
 * A CSV file's addresses added to the list: in each row, the first cell that looks like an email
 * address (so a file with or without a header, with the address in any column, is read alike). A cell
 * loses the quote our export's formula guard put before it (`'+x@acme.com` was `+x@acme.com`), then
 * passes the manual add's rule or the row is refused and reported: a file adds nothing a person could not.
 */
export async function importSuppressions(opts: {
  db: Db;
  workspaceId: string;
  csv: string;
  now: Date;
}): Promise<ImportResult> {
  const emails: string[] = [];
  const refusedRows: RefusedRow[] = [];
  let skipped = 0;
  let refused = 0;
  let line = 0;
  async function* bytes() {
    yield new TextEncoder().encode(opts.csv);
  }
  for await (const block of readCsv(bytes())) {
    for (const row of block) {
      line++;
      const cells = row.map(unguardCell).filter((c) => looksLikeEmail(c));
      const checked = cells.map((c) => suppressibleEmailSchema.safeParse(c));
      const ok = checked.find((c) => c.success);
      if (ok?.success) emails.push(ok.data);
      else if (checked[0] && !checked[0].success) {
        refused++;
        const reason = checked[0].error.issues[0]?.message ?? 'Not a valid email address';
        if (refusedRows.length < MAX_REFUSED_EXAMPLES)
          refusedRows.push({ row: line, value: cells[0].slice(0, 100), reason });
      }
      // A header row ("email", "Address") is not an address that was skipped.
      else if (line > 1 && row.some((c) => c.trim())) skipped++;
    }
  }
  const { added, alreadyListed } = await suppress({ ...opts, emails, reason: 'imported' });
  return { added, alreadyListed, skipped, refused, refusedRows };
}

/** The whole list as CSV (formula-safe, through the one CSV module). */
export async function exportSuppressions(opts: { db: Db; workspaceId: string }): Promise<string> {
  const rows = await opts.db
    .select()
    .from(suppressions)
    .where(eq(suppressions.workspaceId, opts.workspaceId))
    .orderBy(sql`${suppressions.createdAt} desc`, suppressions.email);
  return csvDocument(
    ['email', 'reason', 'added_at'],
    rows.map((r) => [r.email, r.reason, r.createdAt.toISOString()]),
    { bom: true },
  );
}
