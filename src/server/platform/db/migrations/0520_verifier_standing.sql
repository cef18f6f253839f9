-- The verifier's own standing (decision 0900): its public address, reverse DNS, HELO name and IP
-- blocklists, checked at boot and hourly by the processes that verify; one row per way out
-- ("direct", or "proxy"). Read by the operator's status endpoint and /metrics.
CREATE TABLE IF NOT EXISTS verifier_standing (
  way text PRIMARY KEY CHECK (way IN ('direct', 'proxy')),
  standing jsonb NOT NULL,
  checked_at timestamptz NOT NULL
);
