-- Custom domains can no longer be squatted (issue 24, probe finding 4; docs/decisions/0830-accounts.md):
-- only a VERIFIED domain is unique across workspaces, so an unproven claim never blocks the domain's
-- real owner (several workspaces may hold a pending claim; the first to publish its TXT record wins),
-- and a pending claim expires (domain_claimed_at + DOMAIN_CLAIM_TTL_HOURS).
--
-- This file sorts before 0820_branding.sql, which creates the table. On a new database it therefore
-- creates the table itself, exactly as 0820 does but without the UNIQUE on custom_domain (0820's
-- CREATE TABLE IF NOT EXISTS then does nothing); on a database that already ran 0820, it drops that
-- constraint. Both paths end with the same table.
CREATE TABLE IF NOT EXISTS workspace_branding (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  product_name text,
  primary_color text CHECK (primary_color IS NULL OR primary_color ~ '^#[0-9a-f]{6}$'),
  support_email text,
  logo bytea CHECK (logo IS NULL OR octet_length(logo) <= 262144),
  logo_type text CHECK (logo_type IS NULL OR logo_type IN ('png', 'svg', 'jpeg', 'webp')),
  custom_domain text CHECK (custom_domain IS NULL OR custom_domain = lower(custom_domain)),
  domain_token text,
  domain_verified_at timestamptz,
  domain_checked_at timestamptz,
  domain_check_reason text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE workspace_branding DROP CONSTRAINT IF EXISTS workspace_branding_custom_domain_key;
ALTER TABLE workspace_branding ADD COLUMN IF NOT EXISTS domain_claimed_at timestamptz;
CREATE UNIQUE INDEX IF NOT EXISTS workspace_branding_verified_domain_idx
  ON workspace_branding (custom_domain) WHERE domain_verified_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS workspace_branding_domain_idx ON workspace_branding (custom_domain);
