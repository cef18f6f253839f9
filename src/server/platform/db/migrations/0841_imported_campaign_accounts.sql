-- The sending accounts of a campaign imported from Smartlead (decision 0202), as last read from Smartlead
-- after the import or set by an edit here: Email Accounts' "used by" names imported campaigns too, without
-- asking Smartlead about every campaign each time the screen opens. Campaigns sent from here keep theirs
-- in `setup`.
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS sending_account_ids jsonb;
