-- The probe budget (decision 0860): probes (RCPTs, and SMTP sessions) sent on a workspace's behalf,
-- counted per window: one row per workspace, window start and scope ('hour', 'day', or 'd:<domain>' for
-- the per-domain ceiling of an hour). Every process of a fleet adds to the same rows under a lock.
CREATE TABLE IF NOT EXISTS probe_budget_usage (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL,
  scope text NOT NULL,
  probes integer NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, window_start, scope)
);
CREATE INDEX IF NOT EXISTS probe_budget_usage_window_idx ON probe_budget_usage (window_start);

-- The operator's allowance for one workspace, over its plan's (NULL: the plan's figure).
CREATE TABLE IF NOT EXISTS probe_budget_overrides (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  per_hour integer,
  per_day integer,
  per_domain_hour integer
);
