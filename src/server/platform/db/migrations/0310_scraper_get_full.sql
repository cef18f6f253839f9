-- "Get Full" runs as a background job (issue 25): the request, its Apify run and the outcome live on the
-- profile row, so progress shows on the screen, a retried or resumed job re-polls the stored run instead
-- of starting a new one, and the result survives a restart. full_heartbeat_at is the worker's lease.
ALTER TABLE scrape_profiles ADD COLUMN IF NOT EXISTS full_status text;
ALTER TABLE scrape_profiles ADD COLUMN IF NOT EXISTS full_message text;
ALTER TABLE scrape_profiles ADD COLUMN IF NOT EXISTS full_run jsonb;
ALTER TABLE scrape_profiles ADD COLUMN IF NOT EXISTS full_heartbeat_at timestamptz;
CREATE INDEX IF NOT EXISTS scrape_profiles_full_status_idx ON scrape_profiles (full_status)
  WHERE full_status IN ('queued', 'running');
