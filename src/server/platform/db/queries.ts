// What the migration runner asks of the database: its journal (schema_migrations, one row per applied
// file) and, on PostgreSQL, a session-level advisory lock held while it migrates. Plain text with
// positional parameters: the runner speaks to one connection, below drizzle.

/** The journal, made on the first boot. */
export const CREATE_JOURNAL =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/** The files applied so far. */
export const APPLIED_FILES = 'SELECT name FROM schema_migrations';

/** A file applied ($1: its name), in the same transaction as its statements. */
export const RECORD_FILE = 'INSERT INTO schema_migrations (name) VALUES ($1)';

/** Waits for, then holds, the migration lock ($1: its id) until UNLOCK. */
export const LOCK = 'SELECT pg_advisory_lock($1)';
export const UNLOCK = 'SELECT pg_advisory_unlock($1)';
