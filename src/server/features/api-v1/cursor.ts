import { type ResultFilter, resultsPageNumberSchema } from '../../../shared/lists';
import { badRequest } from '../../platform/http/errors';

// Result cursors are opaque to clients: the page they continue from and the filter they were made for
// (a cursor used with another verdict filter is refused rather than silently skipping rows). A cursor is
// client input like a page number and is held to the same bounds: a forged one is a 400, never a query
// with an offset the database cannot take.

export function encodeCursor(page: number, verdict: ResultFilter): string {
  return Buffer.from(JSON.stringify({ p: page, v: verdict })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, verdict: ResultFilter): number {
  if (!cursor) return 1;
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { p?: unknown; v?: unknown };
    const page = resultsPageNumberSchema.safeParse(c.p);
    if (typeof c.p === 'number' && page.success && c.v === verdict) return page.data;
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor: pass nextCursor from the previous page, with the same verdict filter.');
}
