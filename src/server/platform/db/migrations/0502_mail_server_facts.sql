-- What the prober learned of a mail server (by IP) about what it tolerates in one session: the errors
-- before it slows down or cuts the session, one domain per transaction, a tarpit on rejections
-- (docs/decisions/0003). No account data; shared by runs and processes until it expires.
CREATE TABLE mail_server_facts (
  ip text PRIMARY KEY,
  facts jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
