-- A re-check before a send that could not be made (our resolver or network failing, a server that did
-- not answer in time) is no verdict on the leads it left unchecked (decision 0221): they wait, with why,
-- for the user to hold them back or send them on their earlier verdict.
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS recheck_unchecked jsonb;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS recheck_why text;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS recheck_held_unchecked_count integer NOT NULL DEFAULT 0;
