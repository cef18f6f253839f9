-- What a workspace's finds have learned of a domain's pattern by asking its mail server (issue 44):
-- the patterns rejected for its people so far (pattern -> people), and how many people in a row every
-- candidate was rejected for. A later find starts its discovery where the last one stopped, so a rare
-- pattern is reached even by single finds; an accepted address clears it (the answer then teaches
-- the pattern, find_results).
CREATE TABLE IF NOT EXISTS find_domain_discovery (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  domain text NOT NULL CHECK (domain = lower(domain)),
  rejected jsonb NOT NULL DEFAULT '{}'::jsonb,
  rejected_in_a_row integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, domain)
);
