-- The evidence every row keeps (VERIFICATION.md): how its verdict was reached (initial_check, smtp, cache,
-- verifier, send_outcome) and how many times its mail server was asked. Rows verified before stay NULL
-- ("not recorded").
ALTER TABLE upload_results ADD COLUMN IF NOT EXISTS decided_by text;
ALTER TABLE upload_results ADD COLUMN IF NOT EXISTS step2_attempts smallint;
