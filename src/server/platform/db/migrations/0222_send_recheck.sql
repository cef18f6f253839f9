-- The bounce budget's re-check (decision 0221): leads verified more than REVERIFY_AFTER_DAYS ago are
-- checked again before they go to Smartlead. Per send: how many were re-checked, how many turned out
-- invalid (held back), and how many could not be checked in time (sent on their earlier verdict).
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS rechecked_count integer NOT NULL DEFAULT 0;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS recheck_invalid_count integer NOT NULL DEFAULT 0;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS recheck_unanswered_count integer NOT NULL DEFAULT 0;
-- Set once the send's leads have been re-checked (rows added later clear it).
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS recheck_done_at timestamptz;
