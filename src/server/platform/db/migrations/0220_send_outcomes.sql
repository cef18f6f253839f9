-- Send outcomes from Smartlead (issue 23): the per-workspace event endpoint, the events received, what is
-- known per address, and the workspace's suppression list. See docs/decisions/0220-send-outcomes.md.
-- This file runs before 0800_workspaces.sql on a new database, so workspace_id cannot be a foreign key
-- here: rows of a deleted workspace are removed by the daily `send-outcomes-cleanup` job instead.

-- One per workspace: the id in the events URL and the sealed secret its signature is made with.
CREATE TABLE IF NOT EXISTS smartlead_event_hooks (
  workspace_id uuid PRIMARY KEY,
  hook_id text NOT NULL UNIQUE,
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Campaigns whose webhook was registered in Smartlead, and when the poll last read their statistics.
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS webhook_registered_at timestamptz;
ALTER TABLE smartlead_campaigns ADD COLUMN IF NOT EXISTS outcomes_polled_at timestamptz;

-- Every event taken in, once: a replayed webhook or an event seen by both the webhook and the poll
-- has the same key and is ignored.
CREATE TABLE IF NOT EXISTS send_events (
  workspace_id uuid NOT NULL,
  event_key text NOT NULL,
  campaign_id uuid NOT NULL REFERENCES smartlead_campaigns(id) ON DELETE CASCADE,
  email text NOT NULL,
  kind text NOT NULL,
  occurred_at timestamptz NOT NULL,
  source text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, event_key)
);
CREATE INDEX IF NOT EXISTS send_events_email_idx ON send_events (workspace_id, email);

-- What the workspace's campaigns taught about one address (lower-cased). Each kind keeps its latest
-- time, so events applied in any order give the same row.
CREATE TABLE IF NOT EXISTS send_outcomes (
  workspace_id uuid NOT NULL,
  email text NOT NULL,
  sent_at timestamptz,
  bounced_at timestamptz,
  replied_at timestamptz,
  unsubscribed_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, email)
);

-- Addresses never sent to Smartlead again: bounces and unsubscribes, and those added by hand or imported.
CREATE TABLE IF NOT EXISTS suppressions (
  workspace_id uuid NOT NULL,
  email text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, email)
);
CREATE INDEX IF NOT EXISTS suppressions_created_idx ON suppressions (workspace_id, created_at DESC);
