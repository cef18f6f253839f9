import type { Database } from '../../platform/db/client';

// The signed-in user (and workspace) of a session cookie, kept in memory for a few seconds on the embedded database
// (run in its own thread: db/pglite-remote.ts). Every request starts with this look-up; under load it
// was one statement in four on the single connection and /api/user waited for the database thread.
// Only where this process sees every write (Database.onWrite): any write to a table the look-up reads
// (sign-out, sign-in, password or plan change, membership or workspace change) empties the cache, and a look-up that
// overlapped such a write is not kept. The short TTL (on the app's clock) bounds what the write
// watching could miss, and a session's expiry is at most TTL late. PostgreSQL (several processes,
// writes unseen) reads the database every time.

/** Tables findSessionUser reads (session-cache.test.ts checks the look-up's SQL against this list). */
export const SESSION_TABLES = ['users', 'sessions', 'workspace_members', 'workspaces'];
const TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

export interface SessionCache<T> {
  /** The session's value: from memory if seen within TTL with no write since, else from `load`. */
  get(token: string, now: Date, load: () => Promise<T | null>): Promise<T | null>;
  close(): void;
}

export function createSessionCache<T>(database: Database, ttlMs = TTL_MS): SessionCache<T> | null {
  if (!database.onWrite) return null;
  // Copies in and out: a request that changed its user object must not change the next one's.
  const entries = new Map<string, { value: T; at: number }>();
  let generation = 0;
  const watched = new Set(SESSION_TABLES);
  const stop = database.onWrite((tables) => {
    if (!tables.some((t) => watched.has(t))) return;
    generation++;
    entries.clear();
  });
  return {
    async get(token, now, load) {
      const hit = entries.get(token);
      const age = hit ? now.getTime() - hit.at : -1;
      if (hit && age >= 0 && age < ttlMs) return structuredClone(hit.value);
      if (hit) entries.delete(token);
      const seen = generation;
      const value = await load();
      // Unknown tokens are not kept (anyone can send them); a look-up that overlapped a write may
      // have read what that write replaced.
      if (value && seen === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(token, { value: structuredClone(value), at: now.getTime() });
      }
      return value;
    },
    close: () => {
      stop();
      entries.clear();
    },
  };
}
