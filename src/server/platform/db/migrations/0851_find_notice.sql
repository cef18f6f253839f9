-- A find waiting on our side (the DNS resolver lies, mail servers cannot be reached): what is wrong and
-- when it is tried again (shared/list-runs.ts OurSideNotice), shown on the finder's screens; null while
-- our side works (decision 0350).
ALTER TABLE find_jobs ADD COLUMN IF NOT EXISTS notice jsonb;
