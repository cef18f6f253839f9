// Which tables a SQL statement writes, read from its text. The embedded database's thread reports
// writes to in-process caches (auth/session-cache.ts) so they can drop what a write may have changed.
// It errs on the side of naming too much: any word after update counts (an upsert's "do update set"
// names "set"), which at worst drops a cache for nothing; a write it missed would serve stale data, so
// every form drizzle, pg-boss and our raw SQL use is covered (insert into, update, delete from,
// truncate, alter and drop table).

const WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|(?:alter|drop)\s+table(?:\s+if\s+exists)?)\s+(?:only\s+)?(?:"?\w+"?\s*\.\s*)?"?(\w+)"?/gi;

/** Lowercased names of the tables `text` may write (schema names dropped); empty for plain reads. */
export function writtenTables(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WRITE)) out.push(m[1].toLowerCase());
  return out;
}

/** Who listens to writes (RemotePglite.onWrite); a statement's tables are worked out only while someone does. */
export class WriteWatchers {
  private readonly fns = new Set<(tables: string[]) => void>();

  add(fn: (tables: string[]) => void): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }

  tablesOf(text: unknown): string[] | undefined {
    return this.fns.size && text ? writtenTables(String(text)) : undefined;
  }

  tell(tables: string[] | undefined) {
    if (tables?.length) for (const fn of this.fns) fn(tables);
  }
}
