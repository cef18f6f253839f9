-- Verdicts a list's rows arrive with (issue 44): the email finder's found addresses enter a list with
-- what the mail server told the finder and when, and step 2 writes those instead of asking again.
-- Only verdicts younger than the re-verification window are carried (the finder decides at sending).
CREATE TABLE IF NOT EXISTS upload_carried_verdicts (
  upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  reason text NOT NULL,
  smtp_code integer,
  smtp_message text,
  mx_host text,
  heard_at timestamptz NOT NULL,
  PRIMARY KEY (upload_id, email)
);
