-- Campaigns made in Smartlead's own app and imported here (decision 0202): marked so the screens can say
-- so. Their send is "completed" from the start: every lead is Smartlead's already.
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS imported_at timestamptz;
