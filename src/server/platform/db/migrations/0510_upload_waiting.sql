-- What the rows of a run in progress are waiting for in step 2 (greylisting, a server that asked us
-- to slow down, one that has not answered yet), written by the lanes every few seconds while they run
-- (docs/decisions/0003-step2-scheduling.md). A JSON array of { reason, rows, host, retryAt }.
ALTER TABLE uploads ADD COLUMN waiting jsonb;
