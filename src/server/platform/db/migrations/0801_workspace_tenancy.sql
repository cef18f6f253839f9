-- Workspace tenancy (issue 15): data belongs to a workspace instead of a user. A personal workspace's
-- id is its owner's user id (0800_workspaces.sql), so every user_id already holds the right workspace
-- id: each table's column is renamed (a catalogue change, no row is rewritten) and its foreign key now
-- points at workspaces. Sessions and login_known_addresses stay per person.
DO $$
DECLARE
  t text;
  c record;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'uploads', 'smartlead_settings', 'smartlead_campaigns', 'smartlead_campaign_leads', 'email_templates',
    'scrape_jobs', 'scrape_profiles', 'billing_customers', 'subscriptions', 'usage_counters',
    'api_idempotency_keys', 'webhook_endpoints', 'webhook_deliveries'
  ] LOOP
    -- Constraint names were chosen by the server (users' FK on user_id), so find them in the catalogue.
    FOR c IN
      SELECT con.conname
      FROM pg_constraint con
      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)
      WHERE con.conrelid = t::regclass AND con.contype = 'f'
        AND con.confrelid = 'users'::regclass AND a.attname = 'user_id'
    LOOP
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, c.conname);
    END LOOP;
    EXECUTE format('ALTER TABLE %I RENAME COLUMN user_id TO workspace_id', t);
    EXECUTE format(
      'ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE',
      t, t || '_workspace_id_fkey'
    );
  END LOOP;
END $$;

-- Indexes follow a renamed column by themselves; their names follow here so they say what they hold.
ALTER INDEX IF EXISTS uploads_user_idx RENAME TO uploads_workspace_idx;
ALTER INDEX IF EXISTS smartlead_campaigns_user_idx RENAME TO smartlead_campaigns_workspace_idx;
ALTER INDEX IF EXISTS smartlead_campaign_leads_user_idx RENAME TO smartlead_campaign_leads_workspace_idx;
ALTER INDEX IF EXISTS email_templates_user_idx RENAME TO email_templates_workspace_idx;
ALTER INDEX IF EXISTS scrape_jobs_user_idx RENAME TO scrape_jobs_workspace_idx;
ALTER INDEX IF EXISTS scrape_profiles_user_idx RENAME TO scrape_profiles_workspace_idx;
ALTER INDEX IF EXISTS subscriptions_user_idx RENAME TO subscriptions_workspace_idx;
ALTER INDEX IF EXISTS webhook_endpoints_user_idx RENAME TO webhook_endpoints_workspace_idx;

-- API tokens act in a workspace; user_id stays as the token's creator (whose role the token carries).
ALTER TABLE api_tokens ADD COLUMN IF NOT EXISTS workspace_id uuid;
UPDATE api_tokens SET workspace_id = user_id WHERE workspace_id IS NULL;
ALTER TABLE api_tokens ALTER COLUMN workspace_id SET NOT NULL;
ALTER TABLE api_tokens
  ADD CONSTRAINT api_tokens_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE;
CREATE INDEX IF NOT EXISTS api_tokens_workspace_idx ON api_tokens (workspace_id);
