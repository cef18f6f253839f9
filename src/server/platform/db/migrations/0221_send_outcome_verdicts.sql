-- The confidence score's calibration (issue 23, docs/decisions/0221-confidence-score.md): what the
-- workspace's lists said about an address when its first send outcome arrived: whether the server was
-- catch-all, and who runs its mail. NULL: not known (no verified row for the address).
ALTER TABLE send_outcomes ADD COLUMN IF NOT EXISTS catch_all boolean;
ALTER TABLE send_outcomes ADD COLUMN IF NOT EXISTS provider text;
CREATE INDEX IF NOT EXISTS send_outcomes_catch_all_domain_idx
  ON send_outcomes (workspace_id, (split_part(email, '@', 2))) WHERE catch_all;
