-- Public API v1, webhooks and usage metering (issue 14).

-- API token scopes. Existing tokens (CSV downloads) keep every scope they could already use.
ALTER TABLE api_tokens ADD COLUMN IF NOT EXISTS scopes text[] NOT NULL
  DEFAULT ARRAY['lists:read', 'lists:write', 'verify', 'downloads']::text[];

-- Idempotency-Key of POST /api/v1/lists: the first answer is stored and replayed for 24 hours.
-- response_status NULL: the first request is still running.
CREATE TABLE IF NOT EXISTS api_idempotency_keys (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX IF NOT EXISTS api_idempotency_keys_created_idx ON api_idempotency_keys (created_at);

-- Metered usage per user, kind ('verification', 'scrape') and calendar month (UTC, first day).
-- `count` is what the plan's quota counts; `units` the addresses or profiles behind it (shown, not limited).
CREATE TABLE IF NOT EXISTS usage_counters (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  month date NOT NULL,
  kind text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  units bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month, kind)
);

-- Webhook endpoints: the signing secret is sealed (AES-256-GCM) like provider keys.
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret_sealed text NOT NULL,
  secret_hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_user_idx ON webhook_endpoints (user_id);

-- One row per event per endpoint; attempts are retried with back-off until delivered or given up.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending', -- pending, delivered, failed
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
-- An event reaches an endpoint once, however often its source reports it (event ids are derived from it).
CREATE UNIQUE INDEX IF NOT EXISTS webhook_deliveries_event_idx ON webhook_deliveries (endpoint_id, event_id);
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
