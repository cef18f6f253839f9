-- The confidence score of valid rows calibrated on the workspace's own sends (decision 0221): whether the
-- lists said "accepted" (a server that is not catch-all took the mailbox) when the address's first send
-- outcome arrived. NULL: recorded before this column, or no verified row for the address.
ALTER TABLE send_outcomes ADD COLUMN IF NOT EXISTS accepted boolean;
CREATE INDEX IF NOT EXISTS send_outcomes_accepted_idx ON send_outcomes (workspace_id) WHERE accepted;
