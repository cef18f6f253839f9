-- Email automation: reusable sequences (templates), the setup a send applies to its Smartlead campaign
-- (sequence, sending accounts, schedule, start), and which addresses went to which campaign.
CREATE TABLE IF NOT EXISTS email_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  steps jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS email_templates_user_idx ON email_templates (user_id, updated_at);

ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS setup jsonb;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS setup_done_at timestamptz;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS start_requested boolean NOT NULL DEFAULT false;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS started_at timestamptz;

-- One row per address handed to a campaign, so the send screen can warn before sending it again.
CREATE TABLE IF NOT EXISTS smartlead_campaign_leads (
  campaign_id uuid NOT NULL REFERENCES smartlead_campaigns(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  PRIMARY KEY (campaign_id, email)
);
CREATE INDEX IF NOT EXISTS smartlead_campaign_leads_user_idx ON smartlead_campaign_leads (user_id, email);
