-- Lists: uploaded CSV files, their rows, verification results and the work batches of a run.
-- Counters on uploads are changed by the same statement that writes results, so
-- total = valid + invalid + risky + pending holds at every moment (see src/server/lists/results-write.ts).

CREATE TABLE IF NOT EXISTS uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  original_name text NOT NULL,
  file_size integer NOT NULL DEFAULT 0,
  -- The file's header row verbatim, and which columns hold the email, the name parts and the company.
  headers jsonb NOT NULL,
  email_column integer NOT NULL,
  name_columns jsonb NOT NULL DEFAULT '[]'::jsonb,
  company_column integer,
  -- uploading (hidden until the file is fully stored), pending, processing, completed, failed
  status text NOT NULL DEFAULT 'uploading',
  error_message text,
  total integer NOT NULL DEFAULT 0,
  valid integer NOT NULL DEFAULT 0,
  invalid integer NOT NULL DEFAULT 0,
  risky integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  step1_count integer NOT NULL DEFAULT 0,
  step2_total integer NOT NULL DEFAULT 0,
  step2_count integer NOT NULL DEFAULT 0,
  -- The current run, for measured rates: when it started and the counters at that moment.
  run_id integer NOT NULL DEFAULT 0,
  run_started_at timestamptz,
  run_step1_base integer NOT NULL DEFAULT 0,
  run_step2_base integer NOT NULL DEFAULT 0,
  step1_finished_at timestamptz,
  step2_started_at timestamptz,
  heartbeat_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS uploads_user_idx ON uploads (user_id, uploaded_at DESC);
CREATE INDEX IF NOT EXISTS uploads_active_idx ON uploads (status) WHERE status IN ('processing', 'uploading');
CREATE INDEX IF NOT EXISTS uploads_uploaded_at_idx ON uploads (uploaded_at);

-- One row per CSV data row; never updated after the upload, so its search indexes cost nothing
-- during a run. canon_index = row_index of the first row with the same address (duplicates are
-- verified once, through that row).
CREATE TABLE IF NOT EXISTS upload_rows (
  upload_id uuid NOT NULL,
  row_index integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  canon_index integer NOT NULL,
  email text NOT NULL,
  name text,
  company text,
  -- The original cells, aligned to uploads.headers, so exports give the user's data back.
  data jsonb NOT NULL,
  PRIMARY KEY (upload_id, row_index)
);
CREATE INDEX IF NOT EXISTS upload_rows_dup_idx ON upload_rows (upload_id, canon_index)
  WHERE canon_index <> row_index;
-- Case-insensitive prefix search (pg_trgm is not available on the embedded database).
CREATE INDEX IF NOT EXISTS upload_rows_email_idx ON upload_rows (upload_id, lower(email) text_pattern_ops);
CREATE INDEX IF NOT EXISTS upload_rows_domain_idx
  ON upload_rows (upload_id, split_part(lower(email), '@', 2) text_pattern_ops);
CREATE INDEX IF NOT EXISTS upload_rows_name_idx ON upload_rows (upload_id, lower(name) text_pattern_ops);
CREATE INDEX IF NOT EXISTS upload_rows_company_idx ON upload_rows (upload_id, lower(company) text_pattern_ops);

-- A row's verdicts. Inserted when step 1 decides (absent = pending), updated once by step 2.
CREATE TABLE IF NOT EXISTS upload_results (
  upload_id uuid NOT NULL,
  row_index integer NOT NULL,
  status text NOT NULL,
  reason text,
  role boolean NOT NULL DEFAULT false,
  free boolean NOT NULL DEFAULT false,
  disposable boolean NOT NULL DEFAULT false,
  suggestion text,
  mx_host text,
  verified_at timestamptz NOT NULL,
  -- NULL when the row does not go to step 2 (step 1 not valid); 'pending' until step 2 decides.
  step2_status text,
  step2_reason text,
  smtp_code integer,
  smtp_message text,
  step2_mx_host text,
  step2_verified_at timestamptz,
  final_status text NOT NULL,
  PRIMARY KEY (upload_id, row_index)
) WITH (fillfactor = 85);
CREATE INDEX IF NOT EXISTS upload_results_final_idx ON upload_results (upload_id, final_status, row_index);
CREATE INDEX IF NOT EXISTS upload_results_step2_idx ON upload_results (upload_id, row_index)
  WHERE step2_status = 'pending';

-- Work units of a run: ranges of rows claimed with FOR UPDATE SKIP LOCKED and a lease, so workers
-- in several processes never hold the same rows, and a dead worker's range is taken over.
CREATE TABLE IF NOT EXISTS upload_batches (
  upload_id uuid NOT NULL,
  batch_no integer NOT NULL,
  lo integer NOT NULL,
  hi integer NOT NULL,
  step1_done boolean NOT NULL DEFAULT false,
  step2_done boolean NOT NULL DEFAULT false,
  lease_owner text,
  lease_until timestamptz,
  claims integer NOT NULL DEFAULT 0,
  step1_by text,
  step2_by text,
  PRIMARY KEY (upload_id, batch_no)
);

-- Rows, results and batches go with their upload (a trigger rather than foreign keys: a per-row
-- foreign-key check would dominate bulk inserts of 250k rows).
CREATE OR REPLACE FUNCTION uploads_delete_children() RETURNS trigger AS $$
BEGIN
  DELETE FROM upload_rows WHERE upload_id = OLD.id;
  DELETE FROM upload_results WHERE upload_id = OLD.id;
  DELETE FROM upload_batches WHERE upload_id = OLD.id;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS uploads_delete_children_trg ON uploads;
CREATE TRIGGER uploads_delete_children_trg AFTER DELETE ON uploads
  FOR EACH ROW EXECUTE FUNCTION uploads_delete_children();
