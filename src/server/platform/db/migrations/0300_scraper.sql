-- Instagram scrape jobs and their profiles (issue 6). Runs are recorded as they start so a restart
-- re-polls them; heartbeat_at is the lease of the worker running the job.
CREATE TABLE IF NOT EXISTS scrape_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  mode text NOT NULL,
  keywords jsonb NOT NULL,
  location text NOT NULL,
  max_items integer NOT NULL,
  completed_items integer NOT NULL DEFAULT 0,
  error_message text,
  runs jsonb NOT NULL DEFAULT '[]'::jsonb,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX IF NOT EXISTS scrape_jobs_user_idx ON scrape_jobs (user_id, created_at);
CREATE INDEX IF NOT EXISTS scrape_jobs_status_idx ON scrape_jobs (status);

CREATE TABLE IF NOT EXISTS scrape_profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL REFERENCES scrape_jobs(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position integer NOT NULL,
  username text NOT NULL,
  profile jsonb NOT NULL,
  email text NOT NULL DEFAULT '',
  profile_scraped boolean NOT NULL DEFAULT false,
  cleaned jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT scrape_profiles_job_username UNIQUE (job_id, username)
);
CREATE INDEX IF NOT EXISTS scrape_profiles_user_idx ON scrape_profiles (user_id);
