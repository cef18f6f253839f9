-- Stop, drafts and duplicates (issue 27).
-- status gains two values: 'draft' (a file chosen in the browser whose verification was neither started
-- nor saved: hidden from the lists, dropped after a day) and 'cancelled' (a run stopped by the user: its
-- rows without a verdict are "not checked" until it is resumed).
-- duplicates: rows whose address (ignoring case and surrounding spaces) appeared earlier in the file;
-- they share the first row's verdict and are neither verified nor metered again.
ALTER TABLE uploads ADD COLUMN IF NOT EXISTS duplicates integer NOT NULL DEFAULT 0;
ALTER TABLE uploads ADD COLUMN IF NOT EXISTS cancelled_at timestamptz;
CREATE INDEX IF NOT EXISTS uploads_draft_idx ON uploads (uploaded_at) WHERE status = 'draft';
-- Uploads stored before this migration: count their duplicates from the rows.
UPDATE uploads u SET duplicates = d.n
FROM (
  SELECT upload_id, count(*)::int AS n FROM upload_rows WHERE canon_index <> row_index GROUP BY upload_id
) d
WHERE d.upload_id = u.id AND u.duplicates = 0;
