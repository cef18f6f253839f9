-- The verifier's standing per proxy when SMTP_PROXY lists several (decision 0900): a way out is
-- "direct", "proxy" (one proxy, as before) or "proxy <ip:port>".
ALTER TABLE verifier_standing DROP CONSTRAINT IF EXISTS verifier_standing_way_check;
ALTER TABLE verifier_standing ADD CONSTRAINT verifier_standing_way_check
  CHECK (way IN ('direct', 'proxy') OR way LIKE 'proxy %');
