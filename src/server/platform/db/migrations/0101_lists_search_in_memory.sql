-- Search moved to an in-memory index per process (src/server/lists/search-index.ts: substring
-- matches, exact totals). The prefix indexes it used to read only slowed the bulk insert of uploads.
DROP INDEX IF EXISTS upload_rows_email_idx;
DROP INDEX IF EXISTS upload_rows_domain_idx;
DROP INDEX IF EXISTS upload_rows_name_idx;
DROP INDEX IF EXISTS upload_rows_company_idx;
