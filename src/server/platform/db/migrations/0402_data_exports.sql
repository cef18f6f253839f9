-- "Your data" (issue 24): one zip of everything a workspace holds, built in the background. The zip is
-- stored in the database in 1 MiB chunks, so any process can serve it (a worker on another machine builds
-- it) and it survives a restart. workspace_id has no foreign key: this file runs before workspaces exist
-- (0800); the retention sweep deletes exports past expires_at, and a user's go with the user.
CREATE TABLE IF NOT EXISTS data_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued',
  done_steps integer NOT NULL DEFAULT 0,
  total_steps integer NOT NULL DEFAULT 0,
  size_bytes bigint,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS data_exports_owner_idx ON data_exports (workspace_id, user_id, created_at DESC);

CREATE TABLE IF NOT EXISTS data_export_chunks (
  export_id uuid NOT NULL REFERENCES data_exports(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (export_id, seq)
);
