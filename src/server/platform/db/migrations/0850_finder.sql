-- The email finder (decision 0350): find jobs (a single find is a job of one person), their people and
-- answers, and what company websites publish. Jobs and results belong to a workspace; a website's
-- addresses are public and shared by every workspace.
CREATE TABLE IF NOT EXISTS find_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('single', 'bulk')),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'completed', 'stopped', 'failed')),
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  found integer NOT NULL DEFAULT 0,
  error text,
  -- Started through API v1: its end is sent as a find.completed webhook event.
  via_api boolean NOT NULL DEFAULT false,
  -- The lease of the worker running the job: a restart re-queues jobs whose lease ran out.
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS find_jobs_workspace_idx ON find_jobs (workspace_id, created_at DESC);
CREATE INDEX IF NOT EXISTS find_jobs_status_idx ON find_jobs (status);

-- One person of a job; the answer columns stay null until the person is done.
CREATE TABLE IF NOT EXISTS find_results (
  job_id uuid NOT NULL REFERENCES find_jobs(id) ON DELETE CASCADE,
  row_no integer NOT NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  first_name text,
  last_name text,
  full_name text,
  company text NOT NULL,
  domain text,
  email text,
  status text CHECK (status IS NULL OR status IN ('valid', 'accept_all', 'unknown', 'ambiguous', 'not_found')),
  score integer,
  pattern text,
  evidence jsonb,
  finished_at timestamptz,
  PRIMARY KEY (job_id, row_no)
);
-- A workspace's earlier answers at a domain teach its pattern (and reveal collisions).
CREATE INDEX IF NOT EXISTS find_results_domain_idx ON find_results (workspace_id, domain) WHERE status IS NOT NULL;

-- Addresses a company's website publishes (public, shared): [{ address, names[] }].
CREATE TABLE IF NOT EXISTS find_sites (
  domain text PRIMARY KEY CHECK (domain = lower(domain)),
  addresses jsonb NOT NULL,
  pages integer NOT NULL,
  problem text,
  read_at timestamptz NOT NULL
);
