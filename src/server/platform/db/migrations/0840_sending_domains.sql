-- Sending domains (decision 0900): the DNS behind a workspace's mailboxes, checked daily. One row per
-- workspace and domain; `checks` holds the last result of each check (shared/deliverability.ts).
CREATE TABLE IF NOT EXISTS sending_domains (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  -- Lower case; "mailbox" rows come from the workspace's Smartlead mailboxes, "manual" ones were typed in.
  domain text NOT NULL CHECK (domain = lower(domain)),
  source text NOT NULL CHECK (source IN ('mailbox', 'manual')),
  provider text CHECK (provider IS NULL OR provider IN ('google', 'microsoft', 'other')),
  dkim_selector text,
  tracking_domain text,
  -- A mailbox's SMTP server, whose addresses are looked up on IP blocklists.
  smtp_host text,
  state text NOT NULL DEFAULT 'unchecked'
    CHECK (state IN ('pass', 'warn', 'fail', 'unknown', 'unchecked')),
  checks jsonb NOT NULL DEFAULT '[]'::jsonb,
  checked_at timestamptz,
  -- What the last recheck found changed, shown in the app until dismissed.
  notice text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, domain)
);
-- The daily recheck walks every row oldest-checked first.
CREATE INDEX IF NOT EXISTS sending_domains_checked_idx ON sending_domains (checked_at NULLS FIRST);
