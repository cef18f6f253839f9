-- Fair credits (decision 0890): a run reserves its rows' credits at the start and settles them as its rows
-- end: definite answers are charged, the rest released with the reason. One ledger row per run of a list.
-- No foreign key to uploads: the ledger is a billing record and outlives a deleted list (it keeps the
-- list's name); it goes with its workspace.
CREATE TABLE IF NOT EXISTS credit_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  upload_id uuid NOT NULL,
  run_id integer NOT NULL,
  list_name text NOT NULL,
  -- The month (first day, UTC) whose counter the run's charged credits go to: the month it started.
  month date NOT NULL,
  reserved integer NOT NULL,
  charged integer NOT NULL DEFAULT 0,
  released_unknown integer NOT NULL DEFAULT 0,
  released_syntax integer NOT NULL DEFAULT 0,
  released_duplicate integer NOT NULL DEFAULT 0,
  released_reused integer NOT NULL DEFAULT 0,
  released_unfinished integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (upload_id, run_id)
);
CREATE INDEX IF NOT EXISTS credit_runs_workspace ON credit_runs (workspace_id, started_at DESC);

-- The re-verification window of a workspace (days): a definite answer younger than this is reused for free.
CREATE TABLE IF NOT EXISTS credit_settings (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  reverify_days integer NOT NULL DEFAULT 30
);

-- Which run of its list judged a row (a run's settlement counts its own rows), and for a row answered from
-- the workspace's earlier result, that result's date.
ALTER TABLE upload_results ADD COLUMN IF NOT EXISTS judged_run integer;
ALTER TABLE upload_results ADD COLUMN IF NOT EXISTS reused_at timestamptz;
