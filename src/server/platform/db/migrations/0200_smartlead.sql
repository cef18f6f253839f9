-- Smartlead integration: the sealed API key per user, campaigns created from Verilead and their sends.
CREATE TABLE IF NOT EXISTS smartlead_settings (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  api_key_sealed text NOT NULL,
  last_tested_at timestamptz,
  account_email text,
  account_plan text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS smartlead_campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  idempotency_key text NOT NULL,
  smartlead_id bigint,
  create_attempted_at timestamptz,
  state text NOT NULL DEFAULT 'queued',
  total_leads integer NOT NULL,
  batch_count integer NOT NULL,
  batches_done integer NOT NULL DEFAULT 0,
  leads_processed integer NOT NULL DEFAULT 0,
  added_count integer NOT NULL DEFAULT 0,
  duplicate_count integer NOT NULL DEFAULT 0,
  invalid_count integer NOT NULL DEFAULT 0,
  error text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
-- A retried or double-clicked request finds the existing campaign instead of creating a second one.
CREATE UNIQUE INDEX IF NOT EXISTS smartlead_campaigns_idem_idx ON smartlead_campaigns (user_id, idempotency_key);
CREATE INDEX IF NOT EXISTS smartlead_campaigns_user_idx ON smartlead_campaigns (user_id, created_at);
CREATE INDEX IF NOT EXISTS smartlead_campaigns_state_idx ON smartlead_campaigns (state);

CREATE TABLE IF NOT EXISTS smartlead_send_batches (
  campaign_id uuid NOT NULL REFERENCES smartlead_campaigns(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  leads jsonb NOT NULL,
  lead_count integer NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  upload_count integer NOT NULL DEFAULT 0,
  duplicate_count integer NOT NULL DEFAULT 0,
  invalid_count integer NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  PRIMARY KEY (campaign_id, seq)
);
