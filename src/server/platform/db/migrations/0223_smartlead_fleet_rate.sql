-- One Smartlead rate limit across processes (decision 0202): the requests each API key (by its SHA-256,
-- never the key) made in the last window, and a Retry-After pause, shared by every process on PostgreSQL.
-- A row is written when a request leaves, stamped 30 s ahead (a process that dies mid-request frees
-- its slot after that), and re-stamped with the time its answer arrived.
CREATE TABLE IF NOT EXISTS smartlead_rate_slots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key_hash text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS smartlead_rate_slots_key_idx ON smartlead_rate_slots (key_hash, at);
CREATE TABLE IF NOT EXISTS smartlead_rate_pauses (
  key_hash text PRIMARY KEY,
  until timestamptz NOT NULL
);
