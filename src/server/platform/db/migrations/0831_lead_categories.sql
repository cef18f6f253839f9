-- The category a workspace set on a lead of one of its campaigns (decision 0202), kept here too so the
-- replies list can filter on it without asking Smartlead about every lead.
CREATE TABLE IF NOT EXISTS lead_categories (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  campaign_id uuid NOT NULL REFERENCES smartlead_campaigns(id) ON DELETE CASCADE,
  email text NOT NULL,
  category_id integer NOT NULL,
  category_name text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (campaign_id, email)
);
CREATE INDEX IF NOT EXISTS lead_categories_workspace_idx ON lead_categories (workspace_id);
